// Every invoice case the product supports, made into its Factur-X PDF/A-3 and checked the way a
// plateforme agréée and an accountant's tools would: the XML extracted from the PDF (pdfdetach)
// passes the Factur-X EN 16931 XSD and both schematrons of the FNFE-MPE kit (EN 16931 +
// Factur-X, and the French BR-FR rules) with no failed assert at all, warnings included; the XMP
// says PDF/A-3B and Factur-X EN 16931; every font is embedded; qpdf finds the file sound; the
// totals the XML states are those the PDF prints and invoice-totals.ts computes; the EPC QR code,
// rendered and scanned, gives the IBAN, the amount to pay and the invoice number.
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { formatEuros } from '@paraphe/shared/money'
import { buildFacturX } from '../../src/invoices/facturx/build-facturx.js'
import { amount } from '../../src/invoices/facturx/cii-values.js'
import { invoiceTotalsRows } from '../../src/invoices/pdf/invoice-totals-block.js'
import { normaliseSpaces } from '../support/pdf-text.js'
import { INVOICE_CASES } from './support/invoice-cases.js'
import { errorsOf, validateFolder } from './support/facturx-validator.js'

const run = promisify(execFile)
const directory = await mkdtemp(path.join(tmpdir(), 'paraphe-facturx-'))
t.teardown(() => rm(directory, { recursive: true, force: true }))
const xmlDirectory = path.join(directory, 'extracted')
await mkdir(xmlDirectory)

const built = new Map<string, { pdf: Uint8Array; xml: string; file: string }>()
for (const [name, document] of Object.entries(INVOICE_CASES)) {
  const { pdf, xml } = await buildFacturX(document)
  const file = path.join(directory, `${name}.pdf`)
  await writeFile(file, pdf)
  // What a receiver does: take the XML out of the PDF, not the copy the builder returned.
  // The first (and only, checked below) attachment: poppler 22's -savefile misses names stored as UTF-16.
  await run('pdfdetach', ['-save', '1', '-o', path.join(xmlDirectory, `${name}.xml`), file])
  built.set(name, { pdf, xml, file })
}
const reports = await validateFolder(xmlDirectory)

/** The value of the first `ram:<element>` of the XML (namespace prefix as written by the builder). */
function element(xml: string, name: string): string {
  const match = new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)</ram:${name}>`).exec(xml)
  if (match === null) throw new Error(`no ram:${name}`)
  return match[1] as string
}

t.test('the XML attached to each PDF passes the XSD and both schematrons with no failed assert', async (t) => {
  t.equal(reports.size, Object.keys(INVOICE_CASES).length, 'one extracted XML per case')
  for (const [name, report] of reports) {
    t.same(report.schemaErrors, [], `${name}: valid against Factur-X_EN16931.xsd`)
    t.same(report.failed.en16931, [], `${name}: FACTUR-X_EN16931.xslt, no failed assert`)
    t.same(report.failed.frenchRules, [], `${name}: BR-FR-Flux2-Schematron-CII.xslt, no failed assert`)
    const extracted = await readFile(path.join(xmlDirectory, name), 'utf8')
    t.equal(extracted, built.get(name.replace(/\.xml$/, ''))?.xml, `${name}: the attachment is the XML built`)
  }
})

t.test('the validator is not vacuous: a broken invoice fails it, with the rules named', async (t) => {
  const folder = path.join(directory, 'broken')
  await mkdir(folder)
  const xml = built.get('vat-20')?.xml ?? ''
  await writeFile(path.join(folder, 'wrong-total.xml'), xml.replace(/<ram:GrandTotalAmount>[^<]*/, '<ram:GrandTotalAmount>1.00'))
  await writeFile(path.join(folder, 'no-siren.xml'), xml.replace(/<ram:ID schemeID="0002">732829320<\/ram:ID>/, ''))
  const broken = await validateFolder(folder)
  t.match(
    errorsOf(broken.get('wrong-total.xml') ?? { schemaErrors: [], failed: { en16931: [], frenchRules: [] } }).join('\n'),
    /BR-CO-15|FX-SCH-A-000121/,
    'TTC ≠ HT + TVA'
  )
  t.match(
    errorsOf(broken.get('no-siren.xml') ?? { schemaErrors: [], failed: { en16931: [], frenchRules: [] } }).join('\n'),
    /BR-FR-10/,
    'the seller’s SIREN missing'
  )
})

t.test('PDF/A-3B with the Factur-X XMP, fonts embedded, the XML attached as Data, a sound file', async (t) => {
  for (const [name, { file }] of built) {
    const { stdout: meta } = await run('pdfinfo', ['-meta', file])
    t.match(meta, /<pdfaid:part>3<\/pdfaid:part>/, `${name}: pdfaid:part 3`)
    t.match(meta, /<pdfaid:conformance>B<\/pdfaid:conformance>/, `${name}: conformance B`)
    t.match(meta, /<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/, `${name}: Factur-X EN 16931`)
    t.match(meta, /<fx:DocumentFileName>factur-x.xml<\/fx:DocumentFileName>/)
    t.match(
      meta,
      /<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#<\/pdfaSchema:namespaceURI>/,
      `${name}: the extension schema declared`
    )
    const { stdout: fonts } = await run('pdffonts', [file])
    const rows = fonts
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
    t.ok(rows.length >= 2, `${name}: fonts listed`)
    t.same(
      rows.filter((line) => !/\s(yes)\s+(yes)\s+(yes)\s+\d+\s+\d+\s*$/.test(line)),
      [],
      `${name}: every font embedded, subset, with its Unicode map`
    )
    const { stdout: attachments } = await run('pdfdetach', ['-list', file])
    t.match(attachments, /1 embedded files\n1: factur-x.xml/, `${name}: one attachment, factur-x.xml`)
    const { stdout: check } = await run('qpdf', ['--check', file])
    t.match(check, /No syntax or stream encoding errors found/, `${name}: qpdf --check`)
    const { stdout: json } = await run('qpdf', ['--json=1', '--json-key=objects', file], { maxBuffer: 16 * 1024 * 1024 })
    const objects = (JSON.parse(json) as { objects: Record<string, QpdfObject> }).objects
    const catalog = Object.values(objects).find((object) => object['/Type'] === '/Catalog') ?? {}
    const af = catalog['/AF'] as string[]
    t.equal(af.length, 1, `${name}: the catalog lists one associated file in /AF`)
    const spec = objects[af[0] as string] ?? {}
    t.equal(spec['/AFRelationship'], '/Data', `${name}: AFRelationship Data`)
    t.equal(spec['/F'], 'factur-x.xml', `${name}: named factur-x.xml`)
    const [intent] = catalog['/OutputIntents'] as QpdfObject[]
    t.equal(intent?.['/S'], '/GTS_PDFA1', `${name}: a PDF/A output intent`)
    t.equal(intent?.['/OutputConditionIdentifier'], 'sRGB IEC61966-2.1')
    // qpdf's JSON v1 gives a stream as its dictionary.
    const profile = objects[intent?.['/DestOutputProfile'] as string]
    t.equal(profile?.['/N'], 3, `${name}: an RGB ICC profile embedded`)
    const { stdout: trailer } = await run('qpdf', ['--show-object=trailer', file])
    t.match(trailer, /\/ID \[ <[0-9a-f]{32}> <[0-9a-f]{32}> \]/, `${name}: a document ID`)
  }
})

t.test('the XML’s totals are the PDF’s and invoice-totals.ts’s', async (t) => {
  for (const [name, { pdf, xml, file }] of built) {
    const document = INVOICE_CASES[name]
    if (document === undefined) throw new Error(name)
    const totals = computeInvoiceTotals(document)
    t.equal(element(xml, 'TaxBasisTotalAmount'), amount(totals.totalHtCents), `${name}: HT`)
    t.equal(/<ram:TaxTotalAmount currencyID="EUR">([^<]*)</.exec(xml)?.[1], amount(totals.totalVatCents), `${name}: TVA`)
    t.equal(element(xml, 'GrandTotalAmount'), amount(totals.totalTtcCents), `${name}: TTC`)
    t.equal(element(xml, 'DuePayableAmount'), amount(totals.amountDueCents), `${name}: amount due`)
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])
    const text = normaliseSpaces(stdout)
    for (const row of invoiceTotalsRows(document, totals)) {
      t.match(
        text,
        new RegExp(`${escape(normaliseSpaces(row.label))}\\s+${escape(normaliseSpaces(row.amount))}`),
        `${name}: « ${row.label} ${row.amount} » printed`
      )
    }
    t.ok(text.includes(normaliseSpaces(formatEuros(totals.totalTtcCents))), `${name}: the TTC of the XML is printed`)
    t.ok(pdf.length > 0)
  }
})

t.test('the EPC QR code scans to the IBAN, the amount to pay and the invoice number', async (t) => {
  for (const name of ['final', 'progress', 'vat-10-housing']) {
    const entry = built.get(name)
    const document = INVOICE_CASES[name]
    if (entry === undefined || document === undefined) throw new Error(name)
    const prefix = path.join(directory, `${name}-page`)
    await run('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', entry.file, prefix])
    const { stdout } = await run('zbarimg', ['-q', '--raw', `${prefix}-1.png`])
    const lines = stdout.replace(/\n$/, '').split('\n')
    const totals = computeInvoiceTotals(document)
    t.same(lines.slice(0, 4), ['BCD', '002', '1', 'SCT'], `${name}: an EPC069-12 credit transfer`)
    t.equal(lines[4], document.seller.bic)
    t.equal(lines[5], document.seller.name)
    t.equal(lines[6], document.seller.iban, `${name}: the IBAN`)
    t.equal(lines[7], `EUR${amount(totals.netToPayCents)}`, `${name}: the amount to pay now (${formatEuros(totals.netToPayCents)})`)
    t.equal(lines[10], document.number, `${name}: the invoice number as the transfer’s text`)
  }
  const credit = built.get('credit-note')
  if (credit === undefined) throw new Error('credit-note')
  await run('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', credit.file, path.join(directory, 'credit')])
  const scan = await run('zbarimg', ['-q', '--raw', path.join(directory, 'credit-1.png')]).then(
    ({ stdout }) => stdout,
    () => ''
  )
  t.equal(scan, '', 'a credit note asks for no payment: no QR code')
})

type QpdfObject = Record<string, unknown>

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
