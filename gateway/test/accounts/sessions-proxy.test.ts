// « Sessions ouvertes » with Supabase Auth in front: the gateway lists the account's GoTrue
// sessions from `auth.sessions` (device from the user agent, current one marked, last use) and
// closes one — its refresh token stops working at GoTrue (here its stand-in, which keeps its
// sessions in the shared database as GoTrue does) and /api refuses its access token at once.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helper.js'
import { testDatabase } from '../support/databases.js'
import { startGoTrueStandIn } from '../support/gotrue-stand-in.js'
import { createAuthTables } from '../support/gotrue-tables.js'

const SECRET = 'sessions-through-the-proxy-jwt-secret-0123456'
const PASSWORD = 'une phrase de passe solide'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

type Json = Record<string, unknown>
interface Listed {
  sessions: Array<{ id: string; device: string; current: boolean; last_used_at: string }>
}

function caller(app: FastifyInstance) {
  return async (method: 'GET' | 'POST' | 'DELETE', url: string, options: { token?: string; body?: Json; agent?: string } = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        ...(options.agent === undefined ? {} : { 'user-agent': options.agent }),
        'x-supabase-api-version': '2024-01-01'
      },
      ...(options.body === undefined ? {} : { payload: options.body })
    })
    return { status: response.statusCode, json: response.body === '' ? {} : response.json<Json>() }
  }
}

const db = await testDatabase('pglite')
await createAuthTables(db)
const gotrue = await startGoTrueStandIn({ jwtSecret: SECRET, database: db })
t.teardown(() => gotrue.close())
const app = await buildApp(
  { AUTH_UPSTREAM_URL: gotrue.url, SUPABASE_JWT_SECRET: SECRET, SUPABASE_ANON_KEY: gotrue.anonKey },
  { database: db }
)
t.teardown(() => app.close())
const call = caller(app)

t.test('listed with their devices, one closed: its refresh and its /api requests refused', async (t) => {
  const email = `proxy-sessions-${Date.now().toString(36)}@example.fr`
  gotrue.createUser({ email, password: PASSWORD, confirmed: true })
  const signIn = async (agent: string) => {
    const reply = await call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD }, agent })
    t.equal(reply.status, 200)
    return { access: reply.json.access_token as string, refresh: reply.json.refresh_token as string }
  }
  const laptop = await signIn(FIREFOX)
  const phone = await signIn(SAFARI_IPHONE)

  const listed = await call('GET', '/auth/v1/paraphe/sessions', { token: laptop.access })
  t.equal(listed.status, 200)
  const sessions = (listed.json as unknown as Listed).sessions
  t.same(sessions.map((session) => session.device).sort(), ['Firefox sur Windows', 'Safari sur iOS'], 'each device named')
  t.same(
    sessions.filter((session) => session.current).map((session) => session.device),
    ['Firefox sur Windows'],
    'this device marked'
  )
  const phoneSession = sessions.find((session) => !session.current)
  if (phoneSession === undefined) throw new Error('no other session')

  t.equal((await call('GET', '/api/session', { token: phone.access })).status, 200, 'the phone reaches the data')
  const closed = await call('DELETE', `/auth/v1/paraphe/sessions/${phoneSession.id}`, { token: laptop.access })
  t.equal(closed.status, 204)
  t.equal((await call('GET', '/api/session', { token: phone.access })).status, 401, 'its access token refused at once')
  const refreshed = await call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: phone.refresh } })
  t.equal(refreshed.status, 400, 'and its refresh token at GoTrue')
  t.equal((await call('GET', '/api/session', { token: laptop.access })).status, 200, 'this device stays signed in')
  const left = (await call('GET', '/auth/v1/paraphe/sessions', { token: laptop.access })).json as unknown as Listed
  t.same(
    left.sessions.map((session) => session.device),
    ['Firefox sur Windows']
  )

  const again = await call('DELETE', `/auth/v1/paraphe/sessions/${phoneSession.id}`, { token: laptop.access })
  t.equal(again.status, 404, 'a session already closed')
  t.equal(again.json.code, 'session_not_found')
})

t.test('another account’s session cannot be closed; no token or a closed session is refused', async (t) => {
  const mine = `proxy-mine-${Date.now().toString(36)}@example.fr`
  const theirs = `proxy-theirs-${Date.now().toString(36)}@example.fr`
  for (const email of [mine, theirs]) gotrue.createUser({ email, password: PASSWORD, confirmed: true })
  const token = async (email: string) =>
    (await call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD }, agent: FIREFOX })).json
      .access_token as string
  const me = await token(mine)
  const them = await token(theirs)
  const theirSession = ((await call('GET', '/auth/v1/paraphe/sessions', { token: them })).json as unknown as Listed).sessions[0]
  const refused = await call('DELETE', `/auth/v1/paraphe/sessions/${theirSession?.id ?? ''}`, { token: me })
  t.equal(refused.status, 404, 'not one of mine')
  t.equal((await call('GET', '/api/session', { token: them })).status, 200, 'theirs still open')

  t.equal((await call('GET', '/auth/v1/paraphe/sessions')).status, 401, 'no token')
  t.equal((await call('GET', '/auth/v1/paraphe/sessions', { token: 'not-a-jwt' })).status, 403, 'a token that is not one')
  t.equal((await call('POST', '/auth/v1/logout', { token: me })).status, 204)
  const after = await call('GET', '/auth/v1/paraphe/sessions', { token: me })
  t.equal(after.status, 403, 'a signed-out session lists nothing')
  t.equal(after.json.code, 'session_not_found')
})

t.test('without GoTrue’s tables readable here, the page is told the list is not available', async (t) => {
  const email = `proxy-bare-${Date.now().toString(36)}@example.fr`
  gotrue.createUser({ email, password: PASSWORD, confirmed: true })
  const token = (await call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD } })).json
    .access_token as string
  // A database GoTrue has not reached (development, or a role without the grant).
  await db.query('alter schema auth rename to auth_elsewhere')
  t.teardown(() => db.query('alter schema auth_elsewhere rename to auth'))
  const listed = await call('GET', '/auth/v1/paraphe/sessions', { token })
  t.equal(listed.status, 404)
  t.equal(listed.json.code, 'sessions_not_available')
})
