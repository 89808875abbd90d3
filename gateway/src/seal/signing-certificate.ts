// The certificate the server seals signed quotes with: the operator's (SIGNING_P12), or a
// self-signed one generated on first start and kept with the data, so that every document
// sealed by one instance carries the same certificate.
import { constants } from 'node:fs'
import { mkdir, mkdtemp, open, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { openP12, SealCertificateError, type P12Labels, type SealKeys } from './p12.js'
import { PASSPHRASE_FILE, P12_FILE, SIGNING_DIRECTORY } from './seal-files.js'
import { generateSelfSignedSeal } from './self-signed.js'

export { SealCertificateError } from './p12.js'

export interface SealCertificate {
  p12: Buffer
  passphrase: string
  /** The certificate's subject as readers show it: `CN=…, O=…`. */
  subject: string
  selfSigned: boolean
  /** SHA-256 of the certificate, `AB:CD:…` as certificate viewers print it. */
  fingerprintSha256: string
  notAfter: Date
}

export { PASSPHRASE_FILE, P12_FILE, SIGNING_DIRECTORY } from './seal-files.js'

const CONFIGURED: P12Labels & { renew: string } = {
  file: 'SIGNING_P12',
  passphrase: 'SIGNING_P12_PASSPHRASE',
  renew: 'set SIGNING_P12 to a current certificate'
}

/** The opened keys of each certificate loaded here, so that sealing does not decrypt the file again. */
const openedKeys = new WeakMap<SealCertificate, SealKeys>()

/** The private key and certificates of a seal certificate. */
export function sealKeys(certificate: SealCertificate): SealKeys {
  let keys = openedKeys.get(certificate)
  if (keys === undefined) {
    keys = openP12(certificate.p12, certificate.passphrase, CONFIGURED)
    openedKeys.set(certificate, keys)
  }
  return keys
}

function describe(p12: Buffer, passphrase: string, labels: P12Labels & { renew: string }): SealCertificate {
  const keys = openP12(p12, passphrase, labels)
  const { certificate } = keys
  const notBefore = new Date(certificate.validFrom)
  const notAfter = new Date(certificate.validTo)
  const now = Date.now()
  if (notAfter.getTime() < now)
    throw new SealCertificateError(`${labels.file}: the certificate expired on ${notAfter.toISOString()}; ${labels.renew}`)
  if (notBefore.getTime() > now)
    throw new SealCertificateError(`${labels.file}: the certificate is not valid before ${notBefore.toISOString()}; ${labels.renew}`)
  const sealCertificate: SealCertificate = {
    p12,
    passphrase,
    // Node prints one attribute a line (escaped as RFC 4514 asks), in encoding order; RFC 4514
    // strings, as readers show them, list the attributes the other way round: CN first.
    subject: certificate.subject.split('\n').reverse().join(', '),
    // Not checkIssued(): OpenSSL requires the keyCertSign usage of an issuer, which a seal lacks.
    selfSigned: certificate.issuer === certificate.subject && certificate.verify(certificate.publicKey),
    fingerprintSha256: certificate.fingerprint256,
    notAfter
  }
  openedKeys.set(sealCertificate, keys)
  return sealCertificate
}

/**
 * From config (SIGNING_P12) or, when unset, a self-signed one generated on first call and kept
 * under `${dataDir}/signing/` (seal.p12 and seal.passphrase, readable by the owner only).
 * Throws SealCertificateError with what to change when the certificate cannot be used.
 */
export async function loadSealCertificate(options: {
  configured: { p12: Buffer; passphrase: string } | null
  dataDir: string
  organisation: string
}): Promise<SealCertificate> {
  if (options.configured !== null) return describe(options.configured.p12, options.configured.passphrase, CONFIGURED)
  const directory = path.join(options.dataDir, SIGNING_DIRECTORY)
  const stored = (await readStored(directory)) ?? (await generateOnce(options.dataDir, directory, options.organisation))
  const labels = {
    file: path.join(directory, P12_FILE),
    passphrase: path.join(directory, PASSPHRASE_FILE),
    renew: `remove ${directory} (documents sealed so far stay valid) and restart to generate a new one, or set SIGNING_P12`
  }
  return describe(stored.p12, stored.passphrase, labels)
}

async function readStored(directory: string): Promise<{ p12: Buffer; passphrase: string } | null> {
  let p12: Buffer
  try {
    p12 = await readFile(path.join(directory, P12_FILE))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return { p12, passphrase: (await readFile(path.join(directory, PASSPHRASE_FILE), 'utf8')).trim() }
}

/** Written to disk before it counts: a crash must not leave an empty key file behind. */
async function writeDurably(file: string, data: Buffer | string): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Generates the pair in a private staging directory, then renames the directory into place: the
 * rename is atomic and fails when the target already holds files, so when several processes
 * start together exactly one pair wins and everybody reads that one.
 */
async function generateOnce(dataDir: string, directory: string, organisation: string): Promise<{ p12: Buffer; passphrase: string }> {
  await mkdir(dataDir, { recursive: true })
  // mkdtemp creates it readable by the owner only (0700), and the mode survives the rename.
  const staging = await mkdtemp(path.join(dataDir, `.${SIGNING_DIRECTORY}-`))
  try {
    const generated = await generateSelfSignedSeal(organisation)
    await writeDurably(path.join(staging, P12_FILE), generated.p12)
    await writeDurably(path.join(staging, PASSPHRASE_FILE), `${generated.passphrase}\n`)
    try {
      await rename(staging, directory)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error
    }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  const stored = await readStored(directory)
  if (stored === null) throw new SealCertificateError(`${directory} exists but holds no ${P12_FILE}: remove it, or set SIGNING_P12`)
  return stored
}
