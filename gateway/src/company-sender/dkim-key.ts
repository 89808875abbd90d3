// The DKIM key pair of a company's sender address: RSA 2048 (RFC 8301's minimum is 1024 and
// receivers increasingly want 2048; ed25519 DKIM is not verified by every receiver yet).
import { generateKeyPair } from 'node:crypto'
import { promisify } from 'node:util'

export interface DkimKeyPair {
  /** PKCS#8 PEM, kept by the gateway to sign (nodemailer's `dkim.privateKey`). */
  privateKeyPem: string
  /** SubjectPublicKeyInfo DER in base64: the `p=` of the DNS record. */
  publicKeyBase64: string
}

export async function newDkimKeyPair(): Promise<DkimKeyPair> {
  // Asynchronous: the prime search runs on libuv's thread pool, not on the event loop.
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })
  return { privateKeyPem: privateKey, publicKeyBase64: publicKey.toString('base64') }
}
