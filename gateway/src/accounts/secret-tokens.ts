// Opaque secrets (refresh tokens, one-time link tokens): 32 random bytes, base64url. Only their
// SHA-256 is stored, so a copy of the database lets nobody sign in or follow a link.
import { createHash, randomBytes } from 'node:crypto'

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url')
}

export function digest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
