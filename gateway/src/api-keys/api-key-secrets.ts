// An API key's secret: `paraphe_` + 32 random bytes in base64url (43 characters). Only its SHA-256
// is stored; the prefix and the first characters are kept to tell keys apart in the lists.
import { createHash, randomBytes } from 'node:crypto'
import { API_KEY_PREFIX } from '@paraphe/shared/api/api-key-schemas'

const SECRET = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`)
/** Prefix plus 6 characters: enough to recognise a key, far too little to guess it. */
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 6

export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
}

/** A malformed secret is refused without a database lookup. */
export function isWellFormedApiKey(secret: string): boolean {
  return SECRET.test(secret)
}

export function hashApiKey(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest()
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, DISPLAY_LENGTH)
}
