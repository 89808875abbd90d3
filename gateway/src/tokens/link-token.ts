// Signing links carry 256 random bits, base64url (43 characters). The database only knows their
// SHA-256, and looks a link up by that hash: a guess costs a hash and an index probe, whatever
// its prefix, so response times say nothing about how close a guess was.
import { createHash, randomBytes } from 'node:crypto'

const TOKEN = /^[A-Za-z0-9_-]{43}$/

export function newSigningToken(): string {
  return randomBytes(32).toString('base64url')
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN.test(token)
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}
