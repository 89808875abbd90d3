// TOTP secrets at rest: AES-256-GCM under a key derived from the accounts' signing secret
// (DATA_DIR/auth/jwt-secret), so a copy of the database alone cannot compute anyone's codes.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

export type FactorKey = Buffer

export function factorKey(signingSecret: string): FactorKey {
  return Buffer.from(hkdfSync('sha256', signingSecret, 'paraphe-mfa', 'totp secrets at rest', 32))
}

export function sealSecret(key: FactorKey, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')
}

export function unsealSecret(key: FactorKey, stored: string): string {
  const bytes = Buffer.from(stored, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
}
