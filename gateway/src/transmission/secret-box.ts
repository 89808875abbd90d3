// The secrets users give us (a plateforme agréée's client secret or API key), sealed at rest with
// AES-256-GCM under a key kept outside the database: a copy of the database alone reveals none.
// The company id is the additional data, so a sealed value copied onto another company's row
// does not open there.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** Stored values start with their format, so a later key rotation can tell old from new. */
const FORMAT = 'v1'

export function sealSecret(key: Buffer, companyId: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(companyId, 'utf8'))
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`
}

/** Throws when the value was sealed under another key or for another company, or was altered. */
export function openSecret(key: Buffer, companyId: string, stored: string): string {
  if (!stored.startsWith(`${FORMAT}:`)) throw new Error('sealed secret in an unknown format')
  const bytes = Buffer.from(stored.slice(FORMAT.length + 1), 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
  decipher.setAAD(Buffer.from(companyId, 'utf8'))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
}
