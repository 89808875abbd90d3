// The PAdES seal as a reader checks it, through poppler's pdfsig: one valid signature over the
// whole file, made by the server's certificate; any changed byte shows; the document reads the
// same as before sealing.
import t from 'tap'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFString, StandardFonts } from 'pdf-lib'
import { AlreadySignedError, pdfTextString, sealPdf, SEAL_SUBFILTER, type SealInfo } from '../../src/seal/pdf-seal.js'
import { loadSealCertificate } from '../../src/seal/signing-certificate.js'
import { normaliseSpaces, pdfPagesText } from '../support/pdf-text.js'
import { TEST_SEAL_INFO } from '../support/seal-info.js'
import { pdfsig, signatureDictionaries } from '../support/pdfsig.js'

const run = promisify(execFile)

const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-seal-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const certificate = await loadSealCertificate({ configured: null, dataDir, organisation: 'Atelier Durand' })

const info = TEST_SEAL_INFO

/** A quote-like PDF: one line of text a page, in a classic (uncompressed) cross-reference table. */
async function makePdf(pages: string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create()
  document.setTitle('Devis DEV-2026-0042')
  const font = await document.embedFont(StandardFonts.Helvetica)
  for (const text of pages) {
    const page = document.addPage([595, 842])
    page.drawText(text, { x: 50, y: 780, size: 14, font })
    page.drawText('Maçonnerie Œuvre & Fils – SIRET 732 829 320 00074', { x: 50, y: 40, size: 9, font })
  }
  return document.save({ useObjectStreams: false })
}

const THREE_PAGES = [
  'Devis n° DEV-2026-0042 – Rénovation salle de bains',
  'Poste n° 2 : carrelage mural',
  'Bon pour accord – signé le 15/03/2026'
]

/** Where the first page's content stream data starts in the file. */
async function pageContentOffset(bytes: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false })
  const contents = document.getPage(0).node.get(PDFName.of('Contents'))
  const ref = contents instanceof PDFArray ? contents.get(0) : contents
  if (!(ref instanceof PDFRef)) throw new Error('page without a content stream')
  const text = Buffer.from(bytes).toString('latin1')
  const object = text.indexOf(`\n${ref.objectNumber} 0 obj`)
  return text.indexOf('stream', object) + 'stream\n'.length
}

t.test('a sealed quote carries one valid PAdES signature over the whole file, by the server’s certificate', async (t) => {
  const original = await makePdf(THREE_PAGES)
  t.same((await pdfsig(original)).signatures, [], 'no signature before sealing')
  const started = performance.now()
  const sealed = await sealPdf(original, certificate, info)
  t.comment(`sealing a 3-page PDF: ${(performance.now() - started).toFixed(1)} ms (first call, certificate already opened)`)
  const timings: number[] = []
  for (let round = 0; round < 5; round += 1) {
    const start = performance.now()
    await sealPdf(original, certificate, info)
    timings.push(performance.now() - start)
  }
  t.comment(`sealing a 3-page PDF, 5 more times: ${timings.map((ms) => ms.toFixed(1)).join(', ')} ms`)

  const report = await pdfsig(sealed)
  t.equal(report.signatures.length, 1, 'exactly one signature')
  const [signature] = report.signatures
  t.equal(signature?.signed, true)
  t.ok(signature?.valid, `pdfsig: ${signature?.validation}`)
  t.ok(signature?.totalDocumentSigned, 'Total document signed')
  t.equal(signature?.subFilter, 'ETSI.CAdES.detached')
  t.equal(SEAL_SUBFILTER, 'ETSI.CAdES.detached')
  t.equal(signature?.hashAlgorithm, 'SHA-256')
  t.equal(signature?.signerName, 'Atelier Durand – cachet serveur')
  t.equal(signature?.distinguishedName, 'CN=Atelier Durand – cachet serveur,O=Atelier Durand')
  t.same(signature?.signingTime, info.signingTime, 'the signing time given')
  // Expected for a self-signed certificate: the signature is intact, its issuer unknown.
  t.match(signature?.certificateValidation, /issuer|trusted/i)
  t.comment(`pdfsig, certificate: ${signature?.certificateValidation}`)
  const ranges = signature?.signedRanges ?? []
  t.equal(ranges.length, 2)
  t.equal(ranges[0]?.[0], 0, 'from the first byte')
  t.equal(ranges[1]?.[1], sealed.length, 'to the last byte')

  const [dictionary] = await signatureDictionaries(sealed)
  t.match(dictionary, {
    subFilter: 'ETSI.CAdES.detached',
    reason: 'Scellement du devis signé',
    location: 'devis.atelier-durand.fr',
    contactInfo: 'contact@atelier-durand.fr',
    name: 'Atelier Durand – cachet serveur',
    signingTime: 'D:20260315103000Z'
  })

  // The document itself reads as before.
  t.same((await pdfPagesText(sealed)).map(normaliseSpaces), (await pdfPagesText(original)).map(normaliseSpaces), 'same pages, same text')
  const document = await PDFDocument.load(sealed, { updateMetadata: false })
  t.equal(document.getTitle(), 'Devis DEV-2026-0042', 'metadata kept')
  // ETSI.CAdES.detached in a PDF 1.7 file: the PAdES extension is declared.
  const esic = document.catalog.lookup(PDFName.of('Extensions'), PDFDict).lookup(PDFName.of('ESIC'), PDFDict)
  t.equal(esic.lookup(PDFName.of('ExtensionLevel'), PDFNumber).asNumber(), 2)
})

t.test('changing one byte of the signed content makes the seal invalid; adding after it shows too', async (t) => {
  const sealed = await sealPdf(await makePdf(THREE_PAGES), certificate, info)
  const [dictionary] = await signatureDictionaries(sealed)
  const offset = (await pageContentOffset(sealed)) + 10
  t.ok(offset < (dictionary?.byteRange[1] ?? 0), 'the byte is in the signed range, before the signature value')

  const altered = new Uint8Array(sealed)
  altered[offset] = (altered[offset] as number) ^ 0x01
  const [signature] = (await pdfsig(altered)).signatures
  t.equal(signature?.valid, false, `pdfsig: ${signature?.validation}`)
  t.match(signature?.validation, /mismatch|invalid/i)

  // Bytes added after the end (what an incremental update would be) leave the signed part
  // intact, but pdfsig no longer reports the whole document as signed.
  const extended = Buffer.concat([sealed, Buffer.from('\n% ajout\n')])
  const [appended] = (await pdfsig(extended)).signatures
  t.equal(appended?.valid, true)
  t.equal(appended?.totalDocumentSigned, false)
})

/**
 * Appends an incremental update that replaces the first page's content stream: new text drawn
 * with the page's own font, an xref section for that object and a trailer pointing back.
 */
async function withIncrementalUpdate(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false })
  const page = document.getPage(0)
  const contents = page.node.get(PDFName.of('Contents'))
  const ref = (contents instanceof PDFArray ? contents.get(0) : contents) as PDFRef
  const fontName = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict).keys()[0]?.asString() ?? ''
  const stream = `BT ${fontName} 14 Tf 50 780 Td (${text}) Tj ET`
  const source = Buffer.from(bytes)
  const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(source.toString('latin1'))?.[1]
  const objectOffset = source.length + 1
  const object = `\n${ref.objectNumber} 0 obj\n<< /Length ${stream.length} >>\nstream\n${stream}\nendstream\nendobj\n`
  const xrefOffset = source.length + Buffer.byteLength(object, 'latin1')
  const trailer = document.context.trailerInfo
  const update =
    `${object}xref\n0 1\n0000000000 65535 f \n${ref.objectNumber} 1\n${String(objectOffset).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${document.context.largestObjectNumber + 1} /Root ${String(trailer.Root)} /Info ${String(trailer.Info)} /Prev ${previous} >>\n` +
    `startxref\n${xrefOffset}\n%%EOF\n`
  return Buffer.concat([source, Buffer.from(update, 'latin1')])
}

t.test('a PDF with incremental updates is sealed with its latest content', async (t) => {
  const updated = await withIncrementalUpdate(
    await withIncrementalUpdate(await makePdf(THREE_PAGES), 'Version 2 du devis'),
    'Version 3 du devis'
  )
  t.equal(Buffer.from(updated).toString('latin1').match(/%%EOF/g)?.length, 3, 'two incremental updates')
  t.match((await pdfPagesText(updated))[0], /Version 3 du devis/, 'readers show the last update')

  const sealed = await sealPdf(updated, certificate, info)
  const [signature, ...others] = (await pdfsig(sealed)).signatures
  t.equal(others.length, 0)
  t.ok(signature?.valid, `pdfsig: ${signature?.validation}`)
  t.ok(signature?.totalDocumentSigned)
  const pages = await pdfPagesText(sealed)
  t.equal(pages.length, 3)
  t.match(pages[0], /Version 3 du devis/)
  t.notMatch(pages[0], /Version 2|Rénovation/)
})

t.test('an older PDF version is raised to 1.7 for the PAdES extension; texts keep every character', async (t) => {
  const pdf14 = Buffer.from(await makePdf(['Devis en PDF 1.4']))
  pdf14.write('%PDF-1.4', 0, 'latin1')
  const awkward: SealInfo = {
    ...info,
    reason: 'Scellement du devis signé (n° 42) \\ “guillemets”\r\nligne 2',
    name: 'Œuvre & Fils – cachet (serveur) ✓'
  }
  const sealed = await sealPdf(pdf14, certificate, awkward)
  const [signature] = (await pdfsig(sealed)).signatures
  t.ok(signature?.valid, `pdfsig: ${signature?.validation}`)
  const [dictionary] = await signatureDictionaries(sealed)
  t.equal(dictionary?.reason, awkward.reason, 'parentheses, backslash, quotes and line breaks kept')
  t.equal(dictionary?.name, awkward.name)
  const document = await PDFDocument.load(sealed, { updateMetadata: false })
  t.equal(document.catalog.lookup(PDFName.of('Version'), PDFName).decodeText(), '1.7')

  // The encoding itself: UTF-16BE with its byte order mark, delimiters escaped.
  t.equal(pdfTextString('a(b)'), '\u00fe\u00ff\u0000a\u0000\\(\u0000b\u0000\\)')
})

t.test('a PDF with form fields and an empty signature field is sealed, its fields kept', async (t) => {
  const document = await PDFDocument.load(await makePdf(['Devis avec formulaire']))
  const form = document.getForm()
  form.createTextField('client.nom').addToPage(document.getPage(0), { x: 50, y: 600, width: 200, height: 20 })
  form.getTextField('client.nom').setText('Claire Martin')
  // A signature field nobody signed yet (as some quote templates carry).
  const emptySignature = document.context.register(document.context.obj({ FT: 'Sig', T: PDFString.of('Signature client') }))
  form.acroForm.addField(emptySignature)
  const prepared = await document.save({ useObjectStreams: false })

  // A certificate described again by the caller (copied, say) is opened again, and seals as well.
  const sealed = await sealPdf(prepared, { ...certificate }, info)
  const [empty, seal, ...others] = (await pdfsig(sealed)).signatures
  t.equal(others.length, 0)
  t.match(empty, { fieldName: 'Signature client', signed: false, valid: false }, 'the empty field, listed as not signed')
  t.match(seal, { fieldName: 'Signature1', signed: true, valid: true, totalDocumentSigned: true }, 'the seal, valid over the whole file')
  t.equal((await PDFDocument.load(sealed)).getForm().getTextField('client.nom').getText(), 'Claire Martin', 'filled field kept')
})

t.test('a signed PDF is not sealed again, as rewriting it would break its signature', async (t) => {
  const sealed = await sealPdf(await makePdf(['Devis']), certificate, info)
  await t.rejects(sealPdf(sealed, certificate, info), AlreadySignedError)
  await t.rejects(sealPdf(sealed, certificate, info), { message: /already holds a signature/ })
})

t.test('an operator’s EC certificate issued by a CA (OpenSSL) seals too, its chain embedded', async (t) => {
  const directory = await mkdtemp(path.join(tmpdir(), 'paraphe-ca-'))
  t.teardown(() => rm(directory, { recursive: true, force: true }))
  const file = (name: string): string => path.join(directory, name)
  const openssl = (...args: string[]) => run('openssl', args, { cwd: directory })
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '30',
    '-subj',
    '/O=Autorité de test/CN=AC de test',
    '-utf8'
  )
  await openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    'seal.key',
    '-out',
    'seal.csr',
    '-subj',
    '/O=Atelier Durand/CN=Cachet Atelier Durand',
    '-utf8'
  )
  await openssl(
    'x509',
    '-req',
    '-in',
    'seal.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'seal.pem',
    '-days',
    '30'
  )
  await openssl(
    'pkcs12',
    '-export',
    '-inkey',
    'seal.key',
    '-in',
    'seal.pem',
    '-certfile',
    'ca.pem',
    '-out',
    'seal.p12',
    '-passout',
    'pass:secret'
  )

  const operator = await loadSealCertificate({
    configured: { p12: await readFile(file('seal.p12')), passphrase: 'secret' },
    dataDir,
    organisation: 'ignoré'
  })
  t.equal(operator.selfSigned, false)
  t.equal(operator.subject, 'CN=Cachet Atelier Durand, O=Atelier Durand')
  const sealed = await sealPdf(await makePdf(THREE_PAGES), operator, info)
  const [signature] = (await pdfsig(sealed)).signatures
  t.ok(signature?.valid, `pdfsig: ${signature?.validation}`)
  t.ok(signature?.totalDocumentSigned)
  t.equal(signature?.signerName, 'Cachet Atelier Durand')

  // The signature holds the CA's certificate too, so that readers can build the chain.
  const [dictionary] = await signatureDictionaries(sealed)
  const [, end, start] = dictionary?.byteRange ?? []
  // The value is zero-padded to the placeholder's size: its DER length says where it ends.
  const value = Buffer.from(
    Buffer.from(sealed)
      .subarray((end ?? 0) + 1, (start ?? 0) - 1)
      .toString('latin1'),
    'hex'
  )
  t.equal(value[1], 0x82, 'a SEQUENCE with a two-byte length')
  await writeFile(file('signature.der'), value.subarray(0, 4 + value.readUInt16BE(2)))
  const { stdout } = await openssl('pkcs7', '-inform', 'DER', '-in', 'signature.der', '-print_certs', '-noout')
  t.match(stdout, /subject=.*Cachet Atelier Durand/)
  t.match(stdout, /subject=.*AC de test/)
})
