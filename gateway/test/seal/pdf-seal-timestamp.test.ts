// PAdES B-T: with TSA_URL set, the seal carries an RFC 3161 timestamp over its signature value,
// from an authority started here on loopback (openssl ts). pdfsig still finds the seal valid;
// openssl verifies the token against the authority's certificate and prints its time.
import t from 'tap'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { children, readElement, type DerElement } from '../../src/seal/der.js'
import { sealPdf } from '../../src/seal/pdf-seal.js'
import { loadSealCertificate } from '../../src/seal/signing-certificate.js'
import { SIGNATURE_TIMESTAMP_OID, TimestampError, tokenOfResponse } from '../../src/seal/timestamp.js'
import { startOpensslTsa } from '../support/openssl-tsa.js'
import { TEST_SEAL_INFO } from '../support/seal-info.js'
import { pdfsig, signatureDictionaries } from '../support/pdfsig.js'

const run = promisify(execFile)
const dir = await mkdtemp(path.join(tmpdir(), 'paraphe-seal-tsa-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))
const tsa = await startOpensslTsa()
t.teardown(() => tsa.stop())
const certificate = await loadSealCertificate({ configured: null, dataDir: dir, organisation: 'Atelier Durand' })

const info = TEST_SEAL_INFO

async function onePagePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create()
  const page = document.addPage([595, 842])
  page.drawText('Devis DEV-2026-0042 – Bon pour accord', {
    x: 50,
    y: 780,
    size: 14,
    font: await document.embedFont(StandardFonts.Helvetica)
  })
  return document.save({ useObjectStreams: false })
}

/** The CMS signature's signer: its signature value and its unsigned attributes, read from the PDF. */
async function signerOf(sealed: Uint8Array): Promise<{ signatureValue: Buffer; unsigned: DerElement | undefined }> {
  const [dictionary] = await signatureDictionaries(sealed)
  const [, end = 0, start = 0] = dictionary?.byteRange ?? []
  const hex = Buffer.from(sealed.subarray(end + 1, start - 1)).toString('latin1')
  const cms = readElement(Buffer.from(hex.replace(/(00)+$/, ''), 'hex'))
  const signedData = children(children(cms)[1] as DerElement)[0] as DerElement
  const signerInfos = children(signedData).at(-1) as DerElement
  const signer = children(children(signerInfos)[0] as DerElement)
  return { signatureValue: (signer[5] as DerElement).content, unsigned: signer[6] }
}

t.test('with a timestamping authority, the seal carries its RFC 3161 token, verified by openssl', async (t) => {
  const before = Date.now()
  const sealed = await sealPdf(await onePagePdf(), certificate, { ...info, tsaUrl: tsa.url })
  t.equal(tsa.requests(), 1, 'one request to the authority')
  const [signature] = (await pdfsig(sealed)).signatures
  t.ok(signature?.valid, `pdfsig: ${signature?.validation}`)
  t.ok(signature?.totalDocumentSigned, 'Total document signed')
  t.equal(signature?.subFilter, 'ETSI.CAdES.detached')

  const { signatureValue, unsigned } = await signerOf(sealed)
  t.equal(unsigned?.tag, 0xa1, 'unsigned attributes present')
  const attribute = children(unsigned as DerElement)[0] as DerElement
  const [oid, values] = children(attribute)
  t.equal(oid?.bytes.toString('hex'), '060b2a864886f70d010910020e', `the signature-time-stamp attribute (${SIGNATURE_TIMESTAMP_OID})`)
  const token = (children(values as DerElement)[0] as DerElement).bytes
  const tokenFile = path.join(dir, 'token.der')
  const dataFile = path.join(dir, 'signature-value.bin')
  await writeFile(tokenFile, token)
  await writeFile(dataFile, signatureValue)
  const verified = await run('openssl', [
    'ts',
    '-verify',
    '-in',
    tokenFile,
    '-token_in',
    '-data',
    dataFile,
    '-CAfile',
    tsa.certificateFile,
    '-untrusted',
    tsa.certificateFile
  ])
  t.match(verified.stdout, /Verification: OK/, 'the token covers this signature value, signed by the authority')
  const printed = (await run('openssl', ['ts', '-reply', '-in', tokenFile, '-token_in', '-text'])).stdout
  const time = /Time stamp: (.+)/.exec(printed)?.[1] ?? ''
  t.comment(`timestamp: ${time}; ${printed.match(/TSA: .+/)?.[0] ?? ''}`)
  const stamped = Date.parse(time)
  t.ok(stamped >= before - 2000 && stamped <= Date.now() + 2000, `the authority’s time (${time}), not the /M of the dictionary`)
})

t.test('without TSA_URL the seal has no timestamp; an authority that is down stops the seal', async (t) => {
  const plain = await sealPdf(await onePagePdf(), certificate, info)
  t.equal((await signerOf(plain)).unsigned, undefined, 'PAdES B-B: no unsigned attributes')
  tsa.setDown(true)
  await t.rejects(
    sealPdf(await onePagePdf(), certificate, { ...info, tsaUrl: tsa.url }),
    TimestampError,
    'no seal without the timestamp asked for: retried later'
  )
  tsa.setDown(false)
  t.throws(() => tokenOfResponse(Buffer.from('30053003020102', 'hex')), /refused the request \(status 02\)/, 'a rejection status')
  for (const garbage of ['30ff', '3003020102', '300430020201', '']) {
    t.throws(() => tokenOfResponse(Buffer.from(garbage, 'hex')), TimestampError, `garbage « ${garbage} » refused`)
  }
})
