// Verifies Supabase access tokens locally: HS256 with the JWT secret, or the auth server's
// asymmetric keys from its JWKS (fetched once, cached, refetched when an unknown key id shows
// up, which is how a key rotation reaches us). Local verification does not see a logout; access
// tokens are short-lived, which is Supabase's own trade-off.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose'

export interface AuthUser {
  id: string
  email: string | null
  role: string
  /** Authenticator assurance level: aal1 (password), aal2 (second factor). */
  aal: string
  sessionId: string | null
}

export class TokenError extends Error {
  constructor(
    readonly code: 'token_missing' | 'token_invalid' | 'token_expired' | 'not_a_user',
    message: string
  ) {
    super(message)
    this.name = 'TokenError'
  }
}

const HMAC_ALGORITHMS = ['HS256']
const ASYMMETRIC_ALGORITHMS = ['RS256', 'ES256', 'EdDSA']

export type TokenVerifier = (token: string) => Promise<AuthUser>

export interface JwksOptions {
  fetchTimeoutMs: number
  /** No new fetch of the key set within this time of the last one (an unknown kid waits). */
  cooldownMs: number
}

export function createTokenVerifier(
  auth: { jwtSecret: string | null; jwksUrl: URL | null },
  { fetchTimeoutMs, cooldownMs }: JwksOptions = { fetchTimeoutMs: 5000, cooldownMs: 30_000 }
): TokenVerifier {
  // Imported once: given the secret's bytes, jose imports a WebCrypto key at every verification
  // (with WebCrypto's argument checks, several per cent of the gateway thread's time under API
  // reads, measured with --cpu-prof).
  const secret =
    auth.jwtSecret === null
      ? null
      : crypto.subtle.importKey('raw', new TextEncoder().encode(auth.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
  // No key set with the embedded accounts: their tokens are HS256 only.
  const jwks =
    auth.jwksUrl === null
      ? null
      : createRemoteJWKSet(auth.jwksUrl, { timeoutDuration: fetchTimeoutMs, cooldownDuration: cooldownMs, cacheMaxAge: 600_000 })

  return async (token) => {
    let algorithm: string | undefined
    try {
      algorithm = decodeProtectedHeader(token).alg
    } catch {
      throw new TokenError('token_invalid', 'Jeton d’accès illisible.')
    }
    let payload: JWTPayload
    try {
      if (algorithm !== undefined && HMAC_ALGORITHMS.includes(algorithm)) {
        if (secret === null) throw new TokenError('token_invalid', 'Jeton d’accès signé d’une façon que ce serveur n’accepte pas.')
        ;({ payload } = await jwtVerify(token, await secret, { algorithms: HMAC_ALGORITHMS, audience: 'authenticated' }))
      } else {
        if (jwks === null) throw new TokenError('token_invalid', 'Jeton d’accès signé d’une façon que ce serveur n’accepte pas.')
        ;({ payload } = await jwtVerify(token, jwks, { algorithms: ASYMMETRIC_ALGORITHMS, audience: 'authenticated' }))
      }
    } catch (error) {
      if (error instanceof TokenError) throw error
      if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') {
        throw new TokenError('token_expired', 'Votre session a expiré : reconnectez-vous.')
      }
      throw new TokenError('token_invalid', 'Jeton d’accès invalide.')
    }
    // The anon and service_role keys are valid JWTs too, but they are not people.
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.role !== 'authenticated') {
      throw new TokenError('not_a_user', 'Ce jeton ne correspond pas à un utilisateur connecté.')
    }
    return {
      id: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : null,
      role: payload.role,
      aal: typeof payload.aal === 'string' ? payload.aal : 'aal1',
      sessionId: typeof payload.session_id === 'string' ? payload.session_id : null
    }
  }
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match?.[1] ?? null
}
