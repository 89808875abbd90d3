// SIGNING_P12 and SIGNING_P12_PASSPHRASE: a path (Docker secrets) or base64 (environment-only
// platforms), read at start with every configuration problem reported at once.
import t from 'tap'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../src/config.js'
import { createSelfSignedSeal } from '../../src/seal/self-signed.js'
import { loadSealCertificate } from '../../src/seal/signing-certificate.js'
import { problemsOf } from '../support/config-problems.js'

const directory = await mkdtemp(path.join(tmpdir(), 'paraphe-signing-config-'))
t.teardown(() => rm(directory, { recursive: true, force: true }))
const seal = createSelfSignedSeal('Cabinet Martin', { modulusLength: 2048 })
const p12File = path.join(directory, 'seal.p12')
await writeFile(p12File, seal.p12)

t.test('unset: no configured certificate (the self-signed one is generated under DATA_DIR)', async (t) => {
  t.same(loadConfig({}).signing, { p12: null, passphrase: null, tsaUrl: null })
  t.same(
    loadConfig({ SIGNING_P12: '  ', SIGNING_P12_PASSPHRASE: '', TSA_URL: '' }).signing,
    { p12: null, passphrase: null, tsaUrl: null },
    'empty values count as unset'
  )
})

t.test('TSA_URL: an http(s) address of a timestamping authority', async (t) => {
  t.equal(loadConfig({ TSA_URL: 'https://freetsa.org/tsr' }).signing.tsaUrl, 'https://freetsa.org/tsr')
  t.match(problemsOf({ TSA_URL: 'freetsa.org/tsr' }), [/TSA_URL/])
})

t.test('a path, absolute or relative to the working directory, is read at start', async (t) => {
  const absolute = loadConfig({ SIGNING_P12: p12File, SIGNING_P12_PASSPHRASE: seal.passphrase }).signing
  t.same(absolute.p12, seal.p12)
  t.equal(absolute.passphrase, seal.passphrase)

  const relative = `./${path.relative(process.cwd(), p12File)}`
  t.same(
    loadConfig({ SIGNING_P12: relative }).signing,
    { p12: seal.p12, passphrase: null, tsaUrl: null },
    `${relative}, without a passphrase`
  )

  // Then the certificate loads from the config as the gateway will do it.
  const certificate = await loadSealCertificate({
    configured: { p12: absolute.p12 as Buffer, passphrase: absolute.passphrase ?? '' },
    dataDir: directory,
    organisation: 'ignoré'
  })
  t.equal(certificate.subject, 'CN=Cabinet Martin – cachet serveur, O=Cabinet Martin')
})

t.test('otherwise the value is the file in base64, line breaks allowed', async (t) => {
  const wrapped = seal.p12.toString('base64').replace(/.{76}/g, '$&\n')
  t.same(loadConfig({ SIGNING_P12: wrapped }).signing.p12, seal.p12)
  t.same(loadConfig({ SIGNING_P12: seal.p12.toString('base64url') }).signing.p12, seal.p12, 'base64url too')
})

t.test('the passphrase is taken verbatim: spaces can be part of it', async (t) => {
  t.equal(loadConfig({ SIGNING_P12: p12File, SIGNING_P12_PASSPHRASE: '  mot de passe ' }).signing.passphrase, '  mot de passe ')
})

t.test('every problem is reported at once, saying what to change', async (t) => {
  const pem = path.join(directory, 'seal.pem')
  await writeFile(pem, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n')
  t.same(problemsOf({ SIGNING_P12: '/nulle/part/seal.p12', PUBLIC_URL: 'ftp://devis.example.fr' }), [
    'PUBLIC_URL: must be an http(s) URL such as https://devis.example.fr (got "ftp://devis.example.fr")',
    'SIGNING_P12: cannot read /nulle/part/seal.p12 (ENOENT)'
  ])
  const notPkcs12 =
    'SIGNING_P12: not a PKCS#12 file (.p12/.pfx, binary; a path starts with / or ./); convert a PEM one with `openssl pkcs12 -export`'
  t.same(problemsOf({ SIGNING_P12: pem }), [notPkcs12], 'a PEM file')
  t.same(problemsOf({ SIGNING_P12: 'secrets' }), [notPkcs12], 'a bare name reads as base64, and is no PKCS#12')
  const neither = 'SIGNING_P12: neither a path (starting with / or ./) nor base64 (`base64 -w0 seal.p12`)'
  t.same(problemsOf({ SIGNING_P12: 'seal.p12' }), [neither], 'a file name is not a path')
  t.same(problemsOf({ SIGNING_P12: 'C:\\secrets\\seal.p12' }), [neither])
  t.same(problemsOf({ SIGNING_P12_PASSPHRASE: 'secret' }), [
    'SIGNING_P12_PASSPHRASE: set, but SIGNING_P12 is not (the generated certificate needs no passphrase)'
  ])
})
