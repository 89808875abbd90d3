// Passwords: argon2id (OWASP parameters: 19 MiB, 2 passes), PHC strings that GoTrue also verifies,
// so accounts can move to it. The rules are compose's GoTrue settings: 12 characters at least
// (Unicode code points, as the web app counts), 72 bytes at most — refused rather than cut.
import { hash, verify } from '@node-rs/argon2'
import { AuthApiError } from './auth-api-error.js'

export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_BYTES = 72

// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/** A hash of nothing anyone knows: unknown addresses are checked against it, in the same time. */
let dummy: Promise<string> | null = null

/** Whether `password` matches `stored`; with `stored` null, spends the same time and says no. */
export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`)
  const target = stored ?? (await dummy)
  try {
    const ok = await verify(target, password)
    return stored !== null && ok
  } catch {
    return false
  }
}

/** Throws GoTrue's errors for a new password that breaks the rules. */
export function checkNewPassword(password: unknown, missingMessage: string): string {
  if (typeof password !== 'string' || password === '') throw new AuthApiError(422, 'validation_failed', missingMessage)
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    throw new AuthApiError(400, 'validation_failed', `Password cannot be longer than ${PASSWORD_MAX_BYTES} bytes`)
  }
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new AuthApiError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] }
    })
  }
  return password
}
