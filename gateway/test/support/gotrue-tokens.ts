// Tokens of the GoTrue stand-in, made the way Supabase Auth makes them: HS256 access tokens with
// GoTrue's claims, opaque refresh tokens, e-mail link token hashes (sha224 of e-mail + OTP, hex)
// and PKCE challenges (base64url of SHA-256, or plain).
import { createHash, randomBytes, randomInt, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto'
import { SignJWT, jwtVerify, type JWTPayload } from 'jose'

export interface AccessTokenClaims extends JWTPayload {
  sub: string
  aud: string
  exp: number
  iat: number
  email: string
  phone: string
  role: string
  aal: 'aal1' | 'aal2'
  amr: Array<{ method: string; timestamp: number }>
  session_id: string
  is_anonymous: boolean
  app_metadata: Record<string, unknown>
  user_metadata: Record<string, unknown>
}

const encoder = new TextEncoder()

export async function signAccessToken(claims: AccessTokenClaims, secret: string, issuer?: string): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  if (issuer !== undefined) jwt.setIssuer(issuer)
  return jwt.sign(encoder.encode(secret))
}

/**
 * A signed-in user's one-hour access token as GoTrue signs it after a password sign-in, in a
 * session of its own; `aal2` adds the second factor proved (amr totp, then password).
 */
export function userAccessToken(
  { userId, email, aal = 'aal1' }: { userId: string; email: string; aal?: 'aal1' | 'aal2' },
  secret: string
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const password = { method: 'password', timestamp: now }
  return signAccessToken(
    {
      sub: userId,
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      email,
      phone: '',
      role: 'authenticated',
      aal,
      amr: aal === 'aal2' ? [{ method: 'totp', timestamp: now }, password] : [password],
      session_id: randomUUID(),
      is_anonymous: false,
      app_metadata: { provider: 'email' },
      user_metadata: {}
    },
    secret
  )
}

/** Verifies a user's access token as GoTrue does (signature, expiry, audience). */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] })
  return payload as AccessTokenClaims
}

/**
 * An API key as Supabase generates them: an HS256 JWT with `role` anon or service_role and no
 * `sub`, valid for years.
 */
export async function signApiKey(secret: string, role: 'anon' | 'service_role' = 'anon'): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ role, iss: 'supabase-demo' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 10 * 365 * 24 * 3600)
    .sign(encoder.encode(secret))
}

/** GoTrue's refresh tokens are short opaque strings (12 characters in v2). */
export function newRefreshToken(): string {
  return randomBytes(9).toString('base64url')
}

/** The six-digit code an e-mail carries alongside its link. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** crypto.GenerateTokenHash in GoTrue: hex SHA-224 of the e-mail followed by the OTP. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex')
}

export function newAuthCode(): string {
  return randomUUID()
}

export type ChallengeMethod = 's256' | 'plain'

export function parseChallengeMethod(value: unknown): ChallengeMethod | null {
  if (typeof value !== 'string') return null
  const lower = value.toLowerCase()
  return lower === 's256' || lower === 'plain' ? lower : null
}

/** Whether a PKCE code verifier matches the challenge the flow started with. */
export function challengeMatches(verifier: string, challenge: string, method: ChallengeMethod): boolean {
  const computed = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier
  const a = Buffer.from(computed)
  const b = Buffer.from(challenge)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A verifier and its S256 challenge, as supabase-js makes them (for tests driving PKCE). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(56).toString('hex')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

// Passwords: scrypt with a per-user salt (GoTrue uses bcrypt); cheap parameters, test only.
export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32, { N: 1024 }).toString('hex')}`
}

export function passwordMatches(password: string, stored: string): boolean {
  const [saltHex = '', hashHex = ''] = stored.split(':')
  const expected = Buffer.from(hashHex, 'hex')
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), 32, { N: 1024 })
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
