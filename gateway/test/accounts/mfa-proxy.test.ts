// Two-factor sign-in with Supabase Auth in front (the gateway proxies /auth/v1 to GoTrue, here its
// stand-in, which keeps its sessions and factors in `auth.*` of the shared database as GoTrue
// does): once an account has a verified factor, /api refuses a password-only (aal1) session, and
// a session signed out ends at its next request — the same rule as the embedded accounts.
import { Secret, TOTP } from 'otpauth'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helper.js'
import { forEachEngine } from '../support/databases.js'
import { startGoTrueStandIn } from '../support/gotrue-stand-in.js'
import { createAuthTables } from '../support/gotrue-tables.js'

const SECRET = 'mfa-through-the-proxy-jwt-secret-0123456789'
const PASSWORD = 'une phrase de passe solide'
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate()

type Json = Record<string, unknown>

function caller(app: FastifyInstance) {
  return async (method: 'GET' | 'POST', url: string, token?: string, body?: Json): Promise<{ status: number; json: Json }> => {
    const response = await app.inject({
      method,
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body })
    })
    return { status: response.statusCode, json: response.body === '' ? {} : response.json<Json>() }
  }
}

forEachEngine('through the proxy to Supabase Auth, /api checks the session and its second factor', async (t, db) => {
  await createAuthTables(db)
  const gotrue = await startGoTrueStandIn({ jwtSecret: SECRET, database: db })
  t.teardown(() => gotrue.close())
  const app = await buildApp(
    { AUTH_UPSTREAM_URL: gotrue.url, SUPABASE_JWT_SECRET: SECRET, SUPABASE_ANON_KEY: gotrue.anonKey },
    { database: db }
  )
  t.teardown(() => app.close())
  const call = caller(app)
  const email = `proxy-mfa-${Date.now().toString(36)}@example.fr`
  gotrue.createUser({ email, password: PASSWORD, confirmed: true })
  const signIn = async () => {
    const reply = await call('POST', '/auth/v1/token?grant_type=password', undefined, { email, password: PASSWORD })
    t.equal(reply.status, 200, 'signed in through the proxy')
    return reply.json.access_token as string
  }

  const first = await signIn()
  t.equal((await call('GET', '/api/session', first)).status, 200, 'without a factor, the password is enough')

  const factor = await call('POST', '/auth/v1/factors', first, { factor_type: 'totp' })
  const factorId = factor.json.id as string
  const challenge = await call('POST', `/auth/v1/factors/${factorId}/challenge`, first)
  const verified = await call('POST', `/auth/v1/factors/${factorId}/verify`, first, {
    challenge_id: challenge.json.id,
    code: codeOf((factor.json.totp as { secret: string }).secret)
  })
  t.equal(verified.status, 200, 'the factor verified with the code of the secret shown')
  const aal2 = verified.json.access_token as string
  t.equal((await call('GET', '/api/session', aal2)).status, 200, 'the session that proved the factor reaches the data')

  const passwordOnly = await signIn()
  const refused = await call('GET', '/api/quotes', passwordOnly)
  t.equal(refused.status, 403, 'a password-only session is refused once a factor exists')
  t.equal((refused.json.error as Json).code, 'aal2_required')
  t.match((refused.json.error as Json).message, /application d’authentification/)

  t.equal((await call('POST', '/auth/v1/logout?scope=local', aal2)).status, 204, 'signed out')
  const closed = await call('GET', '/api/session', aal2)
  t.equal(closed.status, 401, 'the signed-out session’s token, still unexpired, is refused')
  t.equal((closed.json.error as Json).code, 'session_closed')
})
