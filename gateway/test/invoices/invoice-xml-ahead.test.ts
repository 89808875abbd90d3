// The XML made before an issuing transaction is used only for the very document the transaction
// composes (key order aside: a request read back from jsonb has its own); any other document (a
// number taken meanwhile by another gateway, a quote changed) has its XML made again.
import t from 'tap'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { xmlMadeAhead } from '../../src/invoices/invoice-issuing.js'

// Only the fields the comparison reads matter here: the document travels as a whole.
const documentOf = (value: Record<string, unknown>) => value as unknown as InvoiceDocument

t.test('the foreseen document gets the XML made ahead, another one a new XML', async (t) => {
  const made: string[] = []
  const makeXml = async (document: InvoiceDocument) => {
    const { number } = document as unknown as { number: string }
    made.push(number)
    return `<xml number="${number}"/>`
  }
  const foreseen = documentOf({ number: 'F-2026-0007', buyer: { name: 'Élise Martin', address: 'Lyon' }, lines: [{ a: 1, b: 2 }] })
  const maker = xmlMadeAhead({ document: foreseen, xml: '<xml ahead/>' }, makeXml)
  t.equal(
    await maker(documentOf({ lines: [{ b: 2, a: 1 }], buyer: { address: 'Lyon', name: 'Élise Martin' }, number: 'F-2026-0007' })),
    '<xml ahead/>',
    'the same document, keys in another order: the XML made ahead'
  )
  t.same(made, [], 'nothing made again')
  t.equal(
    await maker(documentOf({ number: 'F-2026-0008', buyer: { name: 'Élise Martin', address: 'Lyon' }, lines: [{ a: 1, b: 2 }] })),
    '<xml number="F-2026-0008"/>',
    'another number: its own XML'
  )
  t.same(made, ['F-2026-0008'])
  t.equal(xmlMadeAhead(null, makeXml), makeXml, 'nothing made ahead: the XML is made in the transaction')
})
