// The signed copy as a reader gets it (pdftotext, pdftoppm): one « Bon pour accord » block with
// the boxes ticked once, the signature beside the totals when there is room, page numbers that
// run through the quote and its evidence annex, a typed signature in a handwriting face.
import t from 'tap'
import { composeSignedPdf } from '../../src/signing/signed-pdf.js'
import { manyLines } from '../pdf/quote-fixtures.js'
import { embeddedCharacters, normaliseSpaces, pdfPagesText } from '../support/pdf-text.js'
import { makeSignedInput } from './signed-pdf-fixtures.js'

t.test('the signed block prints each box once, ticked, with date, mention, signer', async (t) => {
  const pages = (await pdfPagesText(await composeSignedPdf(makeSignedInput()))).map(normaliseSpaces)
  const text = pages.join('\n')
  t.equal(text.match(/Devis reçu avant l’exécution des travaux/g)?.length, 2, 'the mention once in the block, once in the evidence')
  t.match(text, /☑ Devis reçu avant l’exécution des travaux/)
  t.match(text, /☑ Devis lu et accepté : contenu, prix et conditions/)
  t.notMatch(text, /☐/, 'no unticked box anywhere')
  t.match(text, /22 novembre 2026/)
  t.match(text, /« Bon pour accord »/)
  t.match(text, /Signé électroniquement par Éloïse Cœur/)
})

t.test('page numbers run through the quote and its annex', async (t) => {
  const pages = (await pdfPagesText(await composeSignedPdf(makeSignedInput({ quote: { lines: manyLines(40) } })))).map(normaliseSpaces)
  t.ok(pages.length >= 3, `${pages.length} pages`)
  pages.forEach((page, index) => t.match(page, `Page ${index + 1} / ${pages.length}`, `page ${index + 1} of ${pages.length}`))
  t.match(pages.at(-1) ?? '', /Annexe – Dossier de preuve de la signature|Annexe : dossier de preuve/)
})

t.test('the block is never alone on a page: it goes under the totals when the conditions fill page 1', async (t) => {
  const article = (index: number) => `Article ${index + 1} : les travaux sont réalisés selon les règles de l’art et les normes en vigueur.`
  let movedUnderTotals = 0
  // From conditions that leave room for the block after them to conditions that run onto page 2.
  for (let count = 24; count <= 40; count += 2) {
    const conditions = Array.from({ length: count }, (_, index) => article(index)).join('\n')
    const pages = (await pdfPagesText(await composeSignedPdf(makeSignedInput({ quote: { conditions } })))).map(normaliseSpaces)
    const blockPage = pages.find((page) => page.includes('Bon pour accord')) ?? ''
    t.ok(['Total TTC', 'Article ', 'Assureur'].some((content) => blockPage.includes(content)), `${count} articles: the block shares its page with the quote`)
    const first = pages[0] ?? ''
    if (first.includes('Bon pour accord') && first.indexOf('Bon pour accord') < first.indexOf('Article 1 :')) movedUnderTotals += 1
  }
  t.ok(movedUnderTotals > 0, `${movedUnderTotals} lengths put the block under the totals, before the conditions`)
})

t.test('a typed signature is drawn in the embedded handwriting face', async (t) => {
  const pdf = await composeSignedPdf(makeSignedInput({ signature: { method: 'typed', strokes: null, padWidth: null, padHeight: null, typedText: 'Éloïse Cœur' } }))
  const fonts = await embeddedCharacters(pdf)
  const handwriting = [...fonts.entries()].find(([name]) => name.endsWith('+DancingScript'))
  t.ok(handwriting, `fonts: ${[...fonts.keys()].join(', ')}`)
  t.same([...(handwriting?.[1] ?? [])].sort(), [...new Set('Éloïse Cœur')].sort(), 'the name’s letters, from the handwriting subset')
  t.ok(pdf.length < 200_000, `${pdf.length} bytes`)
})
