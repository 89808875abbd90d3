// The seal certificate as the gateway reads it: in a short-lived process of its own (node-forge
// never loads in the gateway's), with the same certificate and the same operator
// messages as read in place (signing-certificate.test.ts covers every case of reading itself).
import t from 'tap'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadSealCertificateOffProcess } from '../../src/seal/seal-certificate-process.js'
import { SealCertificateError } from '../../src/seal/seal-certificate-error.js'

t.test('generated on the first read, the same certificate read again, keys included', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-seal-process-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  const first = await loadSealCertificateOffProcess({ configured: null, dataDir, organisation: 'Atelier Durand' })
  t.match(first.subject, /CN=.*Atelier Durand/, 'its subject names the organisation')
  t.ok(first.selfSigned, 'self-signed')
  t.ok(Buffer.isBuffer(first.p12) && first.p12.length > 1000, 'the PKCS#12 file comes back as bytes, for the PDF processes to seal with')
  t.ok(first.notAfter instanceof Date && first.notAfter.getTime() > Date.now(), 'valid from now on')
  const again = await loadSealCertificateOffProcess({ configured: null, dataDir, organisation: 'Atelier Durand' })
  t.equal(again.fingerprintSha256, first.fingerprintSha256, 'the same one at the next start')
  t.equal(again.passphrase, first.passphrase, 'with its passphrase')
})

t.test("an operator's mistake comes back as one, saying what to change", async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-seal-process-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  const refusal = await loadSealCertificateOffProcess({
    configured: { p12: Buffer.from('pas un fichier PKCS#12'), passphrase: 'x' },
    dataDir,
    organisation: 'Atelier Durand'
  }).catch((error: unknown) => error)
  t.ok(refusal instanceof SealCertificateError, 'a SealCertificateError, as read in place')
  t.match(String(refusal), /SIGNING_P12 is not a readable PKCS#12/, 'naming the variable to fix')
})
