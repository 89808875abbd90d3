// The session answer GoTrue gives (access token, refresh token, user) and the access token
// itself: an HS256 JWT with GoTrue's claims, so supabase-js and the gateway's token check read it
// as they read GoTrue's.
import { SignJWT } from 'jose'
import type { AccountContext } from './account-context.js'
import { APP_METADATA, userJson, type UserRow } from './user-json.js'

export type SessionMethod = 'password' | 'otp' | 'recovery'

async function accessToken(
  { key, settings }: AccountContext,
  user: UserRow,
  sessionId: string,
  method: SessionMethod,
  startedAt: Date
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({
    aud: 'authenticated',
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: APP_METADATA,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method, timestamp: Math.floor(new Date(startedAt).getTime() / 1000) }],
    session_id: sessionId,
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
  sessionId: string,
  method: SessionMethod,
  startedAt: Date,
  refreshToken: string
) {
  const iat = Math.floor(Date.now() / 1000)
  return {
    access_token: await accessToken(context, user, sessionId, method, startedAt),
    token_type: 'bearer',
    expires_in: context.settings.accessTokenTtlSeconds,
    expires_at: iat + context.settings.accessTokenTtlSeconds,
    refresh_token: refreshToken,
    user: userJson(user)
  }
}

export type SessionJson = Awaited<ReturnType<typeof sessionJson>>
