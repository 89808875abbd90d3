// The session answer GoTrue gives (access token, refresh token, user) and the access token
// itself: an HS256 JWT with GoTrue's claims, so supabase-js and the gateway's token check read it
// as they read GoTrue's. `aal` and `amr` come from the session, so a refresh keeps the level a
// second factor gave it.
import { SignJWT } from 'jose'
import type { AccountContext } from './account-context.js'
import { APP_METADATA, userJson, type FactorJson, type UserRow } from './user-json.js'

export type SessionMethod = 'password' | 'otp' | 'recovery'

/** A method proved after the first one (`totp`, or `recovery_code` — a Paraphe extension). */
export interface SecondFactor {
  method: 'totp' | 'recovery_code'
  timestamp: number
}

export interface SessionState {
  id: string
  method: SessionMethod
  startedAt: Date
  secondFactor: SecondFactor | null
}

/** GoTrue's order: the most recent method first. */
export function amrOf(session: SessionState): Array<{ method: string; timestamp: number }> {
  const first = { method: session.method, timestamp: Math.floor(new Date(session.startedAt).getTime() / 1000) }
  return session.secondFactor === null ? [first] : [session.secondFactor, first]
}

async function accessToken({ key, settings }: AccountContext, user: UserRow, session: SessionState): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({
    aud: 'authenticated',
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: APP_METADATA,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: session.secondFactor === null ? 'aal1' : 'aal2',
    amr: amrOf(session),
    session_id: session.id,
    is_anonymous: false
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(settings.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.accessTokenTtlSeconds)
    .sign(key)
}

export async function sessionJson(
  context: AccountContext,
  user: UserRow,
  session: SessionState,
  refreshToken: string,
  factors: readonly FactorJson[]
) {
  const iat = Math.floor(Date.now() / 1000)
  return {
    access_token: await accessToken(context, user, session),
    token_type: 'bearer',
    expires_in: context.settings.accessTokenTtlSeconds,
    expires_at: iat + context.settings.accessTokenTtlSeconds,
    refresh_token: refreshToken,
    user: userJson(user, factors)
  }
}

export type SessionJson = Awaited<ReturnType<typeof sessionJson>>
