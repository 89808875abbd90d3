// GoTrue's contract, one suite for every server of it: the test-only stand-in and the gateway's
// embedded accounts on PGlite and PostgreSQL. supabase-js's auth client (@supabase/auth-js, the
// code the browser runs) talks to each, so what passes here is what the web app gets.
import t, { type Test } from 'tap'
import { AuthClient } from '@supabase/auth-js'
import { decodeJwt } from 'jose'
import { AUTH_BACKENDS, type AuthBackend, type AuthBackendSettings } from '../support/auth-backends.js'

const PASSWORD = 'correct-horse-battery-staple'

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.fr`

function client(backend: AuthBackend): InstanceType<typeof AuthClient> {
  const memory = new Map<string, string>()
  return new AuthClient({
    url: backend.url,
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    storage: {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key)
    }
  })
}

async function call(backend: AuthBackend, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${backend.url}${path}`, {
    method,
    headers: { 'x-supabase-api-version': '2024-01-01', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, json: text === '' ? null : (JSON.parse(text) as Record<string, unknown>) }
}

for (const { name, start } of AUTH_BACKENDS) {
  const backend = async (tt: Test, settings: AuthBackendSettings = {}) => {
    const started = await start(settings)
    tt.teardown(() => started.close())
    return started
  }

  t.test(name, async (t) => {
    t.test('settings, jwks, unknown paths, anon key', async (t) => {
      const server = await backend(t)
      t.match((await call(server, 'GET', '/settings')).json, { external: { email: true }, mailer_autoconfirm: false })
      t.same((await call(server, 'GET', '/.well-known/jwks.json')).json, { keys: [] })
      const missing = await call(server, 'GET', '/nowhere')
      t.equal(missing.status, 404)
      t.equal(missing.headers.get('x-sb-error-code'), 'not_found')
      const anon = decodeJwt(server.anonKey)
      t.equal(anon.role, 'anon')
      t.equal(anon.sub, undefined)
    })

    t.test('sign-up, confirmation by token hash, sign-in, GET /user, refresh rotation, sign-out', async (t) => {
      const server = await backend(t, { accessTokenTtlSeconds: 120 })
      const supabase = client(server)
      const address = email('ines')
      const signup = await supabase.signUp({ email: address, password: PASSWORD })
      t.error(signup.error)
      t.equal(signup.data.session, null, 'no session before confirmation')
      t.equal(signup.data.user?.email, address)

      const refused = await supabase.signInWithPassword({ email: address, password: PASSWORD })
      t.match(refused.error, { status: 400, code: 'email_not_confirmed' })

      const tokenHash = await server.lastLinkToken(address, 'signup')
      t.ok(tokenHash, 'a confirmation e-mail with a token hash')
      const verified = await supabase.verifyOtp({ token_hash: tokenHash!, type: 'email' })
      t.error(verified.error)
      const claims = decodeJwt(verified.data.session!.access_token)
      t.match(claims, { aud: 'authenticated', role: 'authenticated', email: address, aal: 'aal1', is_anonymous: false })
      t.type(claims.session_id, 'string')
      t.equal((claims.exp ?? 0) - (claims.iat ?? 0), 120)
      const again = await supabase.verifyOtp({ token_hash: tokenHash!, type: 'email' })
      t.match(again.error, { status: 403, code: 'otp_expired' }, 'a link works once')
      await supabase.signOut()

      const wrong = await supabase.signInWithPassword({ email: address, password: 'not-the-password' })
      t.match(wrong.error, { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
      const signedIn = await supabase.signInWithPassword({ email: address, password: PASSWORD })
      t.error(signedIn.error)
      const session = signedIn.data.session!
      t.equal(session.expires_in, 120)
      const user = await supabase.getUser()
      t.equal(user.data.user?.email, address)
      t.ok(user.data.user?.email_confirmed_at)
      t.equal(user.data.user?.identities?.length, 1)

      const refreshed = await supabase.refreshSession()
      t.error(refreshed.error)
      t.not(refreshed.data.session?.refresh_token, session.refresh_token, 'refresh tokens rotate')
      // The old token within the reuse interval still works (another tab refreshed at the same time).
      const reuse = await call(server, 'POST', '/token?grant_type=refresh_token', { refresh_token: session.refresh_token })
      t.equal(reuse.status, 200)
      t.type(reuse.json?.refresh_token, 'string')

      t.error((await supabase.signOut()).error)
      t.equal(await server.activeSessions(address), 0)
      const after = await call(server, 'GET', '/user', undefined, { authorization: `Bearer ${refreshed.data.session!.access_token}` })
      t.equal(after.status, 403)
      t.same(after.json, { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' })
      const dead = await fetch(`${server.url}/token?grant_type=refresh_token`, {
        method: 'POST',
        body: JSON.stringify({ refresh_token: refreshed.data.session!.refresh_token })
      })
      t.equal(dead.status, 400)
      t.match(await dead.json(), { code: 400, error_code: 'refresh_token_not_found' }, 'the legacy error form without the version header')
      t.equal(dead.headers.get('x-sb-error-code'), 'refresh_token_not_found')
    })

    t.test('a refresh token reused after the interval revokes the session', async (t) => {
      const server = await backend(t, { refreshReuseIntervalSeconds: 0 })
      const address = email('reuse')
      await server.createUser(address, PASSWORD)
      const supabase = client(server)
      const { data } = await supabase.signInWithPassword({ email: address, password: PASSWORD })
      const rotated = await supabase.refreshSession()
      t.error(rotated.error)
      t.not(rotated.data.session?.refresh_token, data.session?.refresh_token)
      await new Promise((resolve) => setTimeout(resolve, 20))
      const reuse = await call(server, 'POST', '/token?grant_type=refresh_token', { refresh_token: data.session!.refresh_token })
      t.match(reuse, { status: 400, json: { code: 'refresh_token_already_used' } })
      t.equal(await server.activeSessions(address), 0, 'the whole session ended')
    })

    t.test('repeated sign-up reveals nothing; password and address rules', async (t) => {
      const server = await backend(t)
      const supabase = client(server)
      const address = email('known')
      await server.createUser(address, PASSWORD)
      const repeated = await supabase.signUp({ email: address, password: 'another-password-1' })
      t.error(repeated.error, 'no error for an existing account')
      t.same(repeated.data.user?.identities, [], 'identities: []')
      t.equal(repeated.data.session, null)

      const weak = await supabase.signUp({ email: email('weak'), password: 'court' })
      t.match(weak.error, { name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] })
      t.equal(weak.error?.message, 'Password should be at least 12 characters.')
      const invalid = await supabase.signUp({ email: 'pas-une-adresse', password: PASSWORD })
      t.match(invalid.error, { status: 400, code: 'validation_failed' })
      t.match(await call(server, 'POST', '/signup', '{not json'), { status: 400, json: { code: 'bad_json' } })
      t.match(await call(server, 'POST', '/signup', { password: PASSWORD }), { status: 400, json: { code: 'validation_failed' } })
      t.match(await call(server, 'POST', '/signup', { email: email('nopass') }), { status: 422, json: { code: 'validation_failed' } })
      t.match(await call(server, 'POST', '/token?grant_type=magic'), { status: 400, json: { code: 'unsupported_grant_type' } })
      t.match(await call(server, 'POST', '/token?grant_type=password', {}), { status: 400, json: { code: 'validation_failed' } })
      t.match(await call(server, 'POST', '/token?grant_type=refresh_token', {}), { status: 400, json: { code: 'validation_failed' } })
      t.match(await call(server, 'POST', '/resend', { email: address, type: 'magic' }), {
        status: 400,
        json: { code: 'validation_failed' }
      })
    })

    t.test('autoconfirm: sign-up signs in; a known address is refused', async (t) => {
      const server = await backend(t, { autoconfirm: true })
      const supabase = client(server)
      const fresh = await supabase.signUp({ email: email('auto'), password: PASSWORD })
      t.ok(fresh.data.session, 'signed in at once')
      const address = email('taken')
      await server.createUser(address, PASSWORD)
      t.match((await client(server).signUp({ email: address, password: PASSWORD })).error, { status: 422, code: 'user_already_exists' })
    })

    t.test('recovery by token hash, password rules on change, resend, expired links', async (t) => {
      const server = await backend(t)
      const supabase = client(server)
      const address = email('reset')
      await server.createUser(address, PASSWORD)
      t.error((await supabase.resetPasswordForEmail('nobody@example.fr')).error, 'no account: same answer')
      t.equal(await server.mailCount('nobody@example.fr'), 0)
      t.error((await supabase.resetPasswordForEmail(address)).error)
      const tokenHash = (await server.lastLinkToken(address, 'recovery'))!
      const events: string[] = []
      supabase.onAuthStateChange((event: string) => void events.push(event))
      const verified = await supabase.verifyOtp({ token_hash: tokenHash, type: 'recovery' })
      t.error(verified.error)
      t.ok(events.includes('PASSWORD_RECOVERY'))
      t.match(decodeJwt(verified.data.session!.access_token).amr, [{ method: 'recovery' }])
      t.match((await supabase.verifyOtp({ token_hash: tokenHash, type: 'recovery' })).error, { status: 403, code: 'otp_expired' })

      t.match((await supabase.updateUser({ password: 'court' })).error, { code: 'weak_password', reasons: ['length'] })
      t.match((await supabase.updateUser({ password: PASSWORD })).error, { status: 422, code: 'same_password' })
      t.error((await supabase.updateUser({ password: 'un-nouveau-mot-de-passe' })).error)
      t.ok(events.includes('USER_UPDATED'))
      await supabase.signOut()
      t.error((await supabase.signInWithPassword({ email: address, password: 'un-nouveau-mot-de-passe' })).error)

      const pending = email('resend')
      const other = client(server)
      await other.signUp({ email: pending, password: PASSWORD })
      t.error((await other.resend({ type: 'signup', email: pending })).error)
      t.equal(await server.mailCount(pending), 2)
      await server.expireLinks(pending)
      const expired = await other.verifyOtp({ token_hash: (await server.lastLinkToken(pending, 'signup'))!, type: 'email' })
      t.match(expired.error, { status: 403, code: 'otp_expired' })
      t.error((await other.resend({ type: 'signup', email: 'nobody@example.fr' })).error)
    })

    t.test('GET and PUT /user, logout scopes', async (t) => {
      const server = await backend(t)
      const address = email('bord')
      await server.createUser(address, PASSWORD)
      t.match(await call(server, 'GET', '/user'), { status: 401, json: { code: 'no_authorization' } })
      t.match(await call(server, 'GET', '/user', undefined, { authorization: 'Bearer nope' }), { status: 403, json: { code: 'bad_jwt' } })
      t.match(await call(server, 'GET', '/user', undefined, { authorization: `Bearer ${server.anonKey}` }), {
        status: 403,
        json: { message: /missing sub/ }
      })
      const signIn = async () =>
        (await call(server, 'POST', '/token?grant_type=password', { email: address, password: PASSWORD })).json as { access_token: string }
      const first = await signIn()
      const second = await signIn()
      const bearer = (token: { access_token: string }) => ({ authorization: `Bearer ${token.access_token}` })
      t.match(await call(server, 'PUT', '/user', { data: { nom: 'Inès' } }, bearer(first)), {
        status: 200,
        json: { user_metadata: { nom: 'Inès' } }
      })
      t.match(await call(server, 'PUT', '/user', { password: '' }, bearer(first)), { status: 422, json: { code: 'validation_failed' } })
      t.match(await call(server, 'PUT', '/user', { email: 'autre@example.fr' }, bearer(first)), { status: 422 })
      t.match(await call(server, 'POST', '/logout?scope=everything', undefined, bearer(first)), { status: 400 })
      t.equal((await call(server, 'POST', '/logout?scope=others', undefined, bearer(first))).status, 204)
      t.match(
        await call(server, 'GET', '/user', undefined, bearer(second)),
        { status: 403, json: { code: 'session_not_found' } },
        'the other session ended'
      )
      t.equal((await call(server, 'GET', '/user', undefined, bearer(first))).status, 200, 'this one stays')
      t.equal((await call(server, 'POST', '/logout', undefined, bearer(first))).status, 204, 'no scope: global')
      t.equal(await server.activeSessions(address), 0)
    })
  })
}
