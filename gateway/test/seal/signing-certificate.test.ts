// The seal certificate an operator gets: a self-signed one generated once and kept private with
// the data, the same across restarts and across processes starting together; or theirs
// (SIGNING_P12), with a message saying what to fix when it cannot be used.
import t, { type Test } from 'tap'
import { execFile } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import forge from 'node-forge'
import { createSelfSignedSeal, type SelfSignedOptions } from '../../src/seal/self-signed.js'
import { loadSealCertificate, SealCertificateError, type SealCertificate } from '../../src/seal/signing-certificate.js'

const run = promisify(execFile)
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

async function temporaryDirectory(t: Test): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'paraphe-seal-cert-'))
  t.teardown(() => rm(directory, { recursive: true, force: true }))
  return directory
}

/** Certificates for the cases where the key size does not matter: 2048 bits, quicker to make. */
const quickSeal = (organisation: string, options: SelfSignedOptions = {}) =>
  createSelfSignedSeal(organisation, { modulusLength: 2048, ...options })

const selfSigned = (dataDir: string, organisation = 'Atelier Durand'): Promise<SealCertificate> =>
  loadSealCertificate({ configured: null, dataDir, organisation })

/** `openssl x509 -text` of the certificate in a PKCS#12 file: what an operator would inspect. */
async function opensslText(p12: Buffer, passphrase: string, directory: string): Promise<string> {
  const file = path.join(directory, 'inspect.p12')
  await writeFile(file, p12)
  const { stdout: pem } = await run('openssl', ['pkcs12', '-in', file, '-nokeys', '-clcerts', '-passin', `pass:${passphrase}`])
  await writeFile(path.join(directory, 'inspect.pem'), pem)
  return (await run('openssl', ['x509', '-in', path.join(directory, 'inspect.pem'), '-noout', '-text', '-nameopt', 'utf8,sep_comma_plus']))
    .stdout
}

t.test('without SIGNING_P12 a self-signed certificate is generated on first start, kept private, then reused', async (t) => {
  const dataDir = path.join(await temporaryDirectory(t), 'data')
  const started = performance.now()
  const first = await selfSigned(dataDir)
  t.comment(`first start (RSA 3072 key, certificate, PKCS#12): ${(performance.now() - started).toFixed(0)} ms`)

  t.equal(first.subject, 'CN=Atelier Durand – cachet serveur, O=Atelier Durand')
  t.equal(first.selfSigned, true)
  t.match(first.fingerprintSha256, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
  const tenYears = new Date()
  tenYears.setUTCFullYear(tenYears.getUTCFullYear() + 10)
  t.ok(Math.abs(first.notAfter.getTime() - tenYears.getTime()) < 60_000, `valid until ${first.notAfter.toISOString()}`)

  // Kept with the data, readable by the owner only, no staging left behind.
  const signing = path.join(dataDir, 'signing')
  t.same(await readdir(dataDir), ['signing'])
  t.same((await readdir(signing)).sort(), ['seal.p12', 'seal.passphrase'])
  t.equal((await stat(signing)).mode & 0o777, 0o700, 'directory 0700')
  t.equal((await stat(path.join(signing, 'seal.p12'))).mode & 0o777, 0o600, 'seal.p12 0600')
  t.equal((await stat(path.join(signing, 'seal.passphrase'))).mode & 0o777, 0o600, 'seal.passphrase 0600')
  t.same(await readFile(path.join(signing, 'seal.p12')), first.p12)
  t.equal((await readFile(path.join(signing, 'seal.passphrase'), 'utf8')).trim(), first.passphrase)

  // The next start reads it back, whatever the site name has become.
  const second = await selfSigned(dataDir, 'Autre nom')
  t.equal(second.fingerprintSha256, first.fingerprintSha256, 'same certificate on the next start')
  t.equal(second.subject, first.subject)

  // What OpenSSL sees in the file: RSA 3072, SHA-256, the usages readers look for.
  const text = await opensslText(first.p12, first.passphrase, await temporaryDirectory(t))
  t.match(text, /Public-Key: \(3072 bit\)/)
  t.match(text, /Signature Algorithm: sha256WithRSAEncryption/)
  t.match(text, /Subject: O=Atelier Durand,CN=Atelier Durand – cachet serveur/)
  t.match(text, /X509v3 Key Usage: critical\s+Digital Signature, Non Repudiation/)
  // E-mail protection (NSS), document signing (RFC 9336), Adobe's and Microsoft's document signing.
  t.match(
    text,
    /X509v3 Extended Key Usage:\s+E-mail Protection, 1\.3\.6\.1\.5\.5\.7\.3\.36, 1\.2\.840\.113583\.1\.1\.5, 1\.3\.6\.1\.4\.1\.311\.10\.3\.12\n/
  )
  t.match(text, /CA:FALSE/)
})

t.test('two first starts at once end with one certificate', async (t) => {
  // Within one process…
  const sameProcess = path.join(await temporaryDirectory(t), 'data')
  const [a, b] = await Promise.all([selfSigned(sameProcess), selfSigned(sameProcess)])
  t.equal(a.fingerprintSha256, b.fingerprintSha256, 'both calls get the same certificate')
  t.same(await readdir(sameProcess), ['signing'], 'the losing copy is removed')

  // …and across two processes (two gateway replicas sharing the data volume).
  const shared = path.join(await temporaryDirectory(t), 'data')
  const script =
    `import { loadSealCertificate } from ${JSON.stringify(path.join(repoRoot, 'gateway/src/seal/signing-certificate.ts'))}\n` +
    `const certificate = await loadSealCertificate({ configured: null, dataDir: process.env.SEAL_DATA_DIR, organisation: 'Atelier Durand' })\n` +
    `process.stdout.write(certificate.fingerprintSha256)`
  const start = () =>
    run(
      process.execPath,
      ['--import', path.join(repoRoot, 'scripts/register-ts.mjs'), '--conditions=paraphe-source', '--input-type=module', '-e', script],
      {
        env: { ...process.env, SEAL_DATA_DIR: shared },
        encoding: 'utf8'
      }
    )
  const [one, two] = await Promise.all([start(), start()])
  t.match(one.stdout, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
  t.equal(one.stdout, two.stdout, 'both processes seal with the same certificate')
  t.equal((await selfSigned(shared)).fingerprintSha256, one.stdout, 'the one kept on disk')
  t.same(await readdir(shared), ['signing'])
})

t.test('a configured certificate (SIGNING_P12) is used instead, and nothing is generated', async (t) => {
  const dataDir = path.join(await temporaryDirectory(t), 'data')
  const operator = quickSeal('Cabinet Martin')
  const certificate = await loadSealCertificate({ configured: operator, dataDir, organisation: 'Atelier Durand' })
  t.equal(certificate.subject, 'CN=Cabinet Martin – cachet serveur, O=Cabinet Martin')
  t.equal(certificate.p12, operator.p12)
  t.equal(certificate.fingerprintSha256, new X509Certificate(await certificateOf(operator.p12, operator.passphrase)).fingerprint256)
  await t.rejects(stat(dataDir), { code: 'ENOENT' }, 'no self-signed certificate generated')

  // As OpenSSL exports them, with or without a passphrase.
  const directory = await temporaryDirectory(t)
  const openssl = (...args: string[]) => run('openssl', args, { cwd: directory })
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
    '-days',
    '30',
    '-subj',
    '/CN=Cachet Martin/O=Cabinet Martin'
  )
  await openssl('pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'with.p12', '-passout', 'pass:mot de passe')
  await openssl('pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'without.p12', '-passout', 'pass:')
  const { stdout: fingerprint } = await openssl('x509', '-in', 'cert.pem', '-noout', '-fingerprint', '-sha256')
  for (const [file, passphrase] of [
    ['with.p12', 'mot de passe'],
    ['without.p12', '']
  ] as const) {
    const loaded = await loadSealCertificate({
      configured: { p12: await readFile(path.join(directory, file)), passphrase },
      dataDir,
      organisation: 'x'
    })
    t.equal(loaded.subject, 'O=Cabinet Martin, CN=Cachet Martin', `${file}: the subject as encoded, last attribute first`)
    t.equal(`sha256 Fingerprint=${loaded.fingerprintSha256}\n`, fingerprint, `${file}: the same certificate as OpenSSL’s`)
    t.equal(loaded.selfSigned, true)
  }
})

/** The DER certificate of a PKCS#12 file, read with node-forge independently of the module. */
async function certificateOf(p12: Buffer, passphrase: string): Promise<Buffer> {
  const pfx = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), passphrase)
  const bag = pfx.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag as string]?.[0]
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(bag?.cert as forge.pki.Certificate)).getBytes(), 'binary')
}

t.test('an unusable certificate stops the start with a message saying what to fix', async (t) => {
  const dataDir = await temporaryDirectory(t)
  const load = (p12: Buffer, passphrase: string) => loadSealCertificate({ configured: { p12, passphrase }, dataDir, organisation: 'x' })
  const operator = quickSeal('Cabinet Martin')

  await t.rejects(load(operator.p12, 'pas le bon'), SealCertificateError)
  await t.rejects(load(operator.p12, 'pas le bon'), {
    message: /^SIGNING_P12_PASSPHRASE does not open SIGNING_P12: wrong passphrase/
  })
  await t.rejects(load(Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB…\n'), ''), {
    message: /^SIGNING_P12 is not a readable PKCS#12 \(\.p12\/\.pfx\) file/
  })

  // A certificate exported without its key, or with the key of another one.
  const other = quickSeal('Autre')
  const pfx = (p12: Buffer, passphrase: string) => forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), passphrase)
  const keyOf = (p12: Buffer, passphrase: string) =>
    pfx(p12, passphrase).getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag as string]?.[0]
      ?.key as forge.pki.rsa.PrivateKey
  const certificateOnly = forge.pki.certificateFromAsn1(
    forge.asn1.fromDer((await certificateOf(operator.p12, operator.passphrase)).toString('binary'))
  )
  const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')
  await t.rejects(load(der(forge.pkcs12.toPkcs12Asn1(null, certificateOnly, 'secret')), 'secret'), {
    message: 'SIGNING_P12 holds no private key: export the certificate together with its key'
  })
  await t.rejects(load(der(forge.pkcs12.toPkcs12Asn1(keyOf(other.p12, other.passphrase), certificateOnly, 'secret')), 'secret'), {
    message: 'SIGNING_P12 holds no certificate for its private key'
  })

  // Outside its validity.
  const day = 24 * 3600 * 1000
  const expired = quickSeal('Ancien', { notBefore: new Date(Date.now() - 400 * day), notAfter: new Date(Date.now() - day) })
  await t.rejects(load(expired.p12, expired.passphrase), {
    message: /^SIGNING_P12: the certificate expired on \d{4}-\d\d-\d\dT.*; set SIGNING_P12 to a current certificate$/
  })
  const early = quickSeal('Futur', { notBefore: new Date(Date.now() + day), notAfter: new Date(Date.now() + 400 * day) })
  await t.rejects(load(early.p12, early.passphrase), { message: /^SIGNING_P12: the certificate is not valid before / })

  // Key types other than RSA and EC.
  const directory = await temporaryDirectory(t)
  const openssl = (...args: string[]) => run('openssl', args, { cwd: directory })
  await openssl('req', '-x509', '-newkey', 'ed25519', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '30', '-subj', '/CN=Ed')
  await openssl('pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'ed.p12', '-passout', 'pass:secret')
  await t.rejects(load(await readFile(path.join(directory, 'ed.p12')), 'secret'), {
    message: 'SIGNING_P12: ed25519 keys are not supported, use an RSA or EC key'
  })
})

t.test('a kept certificate that cannot be used says which files to remove', async (t) => {
  const dataDir = await temporaryDirectory(t)
  const signing = path.join(dataDir, 'signing')
  await mkdir(signing)
  const day = 24 * 3600 * 1000
  const expired = quickSeal('Atelier Durand', { notBefore: new Date(Date.now() - 3700 * day), notAfter: new Date(Date.now() - day) })
  await writeFile(path.join(signing, 'seal.p12'), expired.p12, { mode: 0o600 })
  await writeFile(path.join(signing, 'seal.passphrase'), expired.passphrase, { mode: 0o600 })
  await t.rejects(selfSigned(dataDir), {
    message: new RegExp(
      `^${escape(path.join(signing, 'seal.p12'))}: the certificate expired on .*; ` +
        `remove ${escape(signing)} \\(documents sealed so far stay valid\\) and restart to generate a new one, or set SIGNING_P12$`
    )
  })

  await writeFile(path.join(signing, 'seal.passphrase'), 'autre chose\n')
  await t.rejects(selfSigned(dataDir), {
    message: `${path.join(signing, 'seal.passphrase')} does not open ${path.join(signing, 'seal.p12')}: wrong passphrase (PKCS#12 MAC could not be verified. Invalid password?)`
  })

  // A directory that holds something else but no certificate is not overwritten.
  const other = await temporaryDirectory(t)
  await mkdir(path.join(other, 'signing'))
  await writeFile(path.join(other, 'signing', 'notes.txt'), 'à garder')
  await t.rejects(selfSigned(other), {
    message: `${path.join(other, 'signing')} exists but holds no seal.p12: remove it, or set SIGNING_P12`
  })
  t.same(await readdir(path.join(other, 'signing')), ['notes.txt'], 'left as it was')
  t.same(await readdir(other), ['signing'], 'no staging left behind')

  // DATA_DIR/signing taken by a file: the system's error, with its path.
  const blocked = await temporaryDirectory(t)
  await writeFile(path.join(blocked, 'signing'), '')
  await t.rejects(selfSigned(blocked), { code: 'ENOTDIR', message: new RegExp(escape(path.join(blocked, 'signing', 'seal.p12'))) })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
