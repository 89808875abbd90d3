// The GoTrue stand-in against the real client: supabase-js's auth client (@supabase/auth-js, the
// same code the browser runs; the full supabase-js needs WebSocket, which Node 20 lacks) talks to
// it directly, so the shapes it answers are the ones the browser's client parses. The contract
// shared with the embedded accounts is checked against both in ../auth-conformance.test.ts; this
// file keeps what only the stand-in does (links through GET /verify, PKCE, switches, globs).
import t from 'tap'
import { AuthClient } from '@supabase/auth-js'
import { decodeJwt } from 'jose'
import { globMatches, GoTrueStandIn, pkcePair, startGoTrueStandIn } from './gotrue-stand-in.js'

const SECRET = 'stand-in-test-secret-at-least-32-characters-long'
const SITE = 'http://127.0.0.1:4321'
const PASSWORD = 'correct-horse-battery-staple'

async function standIn(
  t: { teardown: (fn: () => unknown) => void },
  options: Partial<Parameters<typeof startGoTrueStandIn>[0]> = {}
): Promise<GoTrueStandIn> {
  const server = await startGoTrueStandIn({ jwtSecret: SECRET, ...options })
  server.serveSite(SITE)
  t.teardown(() => server.close())
  return server
}

/** supabase-js's auth client pointed at the stand-in, with its own in-memory storage. */
function client(server: GoTrueStandIn): { auth: InstanceType<typeof AuthClient> } {
  const memory = new Map<string, string>()
  const auth = new AuthClient({
    url: server.url,
    headers: { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` },
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    storage: {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key)
    }
  })
  return { auth }
}

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.fr`

// Settings, JWKS, unknown paths and the anon key are checked on every backend, this one included,
// by auth-conformance.test.ts; the stand-in's own extras are here.
t.test('health answers as GoTrue', async (t) => {
  const server = await standIn(t)
  t.match(await (await fetch(`${server.url}/health`)).json(), { name: 'GoTrue' })
  // The compose healthcheck (`wget --spider`) asks with HEAD.
  t.equal((await fetch(`${server.url}/health`, { method: 'HEAD' })).status, 200, 'HEAD too')
})

t.test('signup, confirmation link (implicit), sign-in, GET /user, refresh, logout', async (t) => {
  const server = await standIn(t, { accessTokenTtlSeconds: 120 })
  const supabase = client(server)
  const address = email('ines')
  const signup = await supabase.auth.signUp({ email: address, password: PASSWORD, options: { emailRedirectTo: `${SITE}/confirm-email` } })
  t.error(signup.error)
  t.equal(signup.data.session, null, 'no session before confirmation')
  t.equal(signup.data.user?.email, address)
  t.equal(signup.data.user?.email_confirmed_at, null)

  const refused = await supabase.auth.signInWithPassword({ email: address, password: PASSWORD })
  t.match(refused.error, { status: 400, code: 'email_not_confirmed' })

  const mail = server.lastMail(address, 'signup')
  t.ok(mail, 'a confirmation e-mail')
  t.equal(mail!.subject, 'Confirm Your Signup')
  const link = new URL(mail!.link)
  t.equal(link.origin + link.pathname, `${SITE}/auth/v1/verify`, 'the link goes through the site (API_EXTERNAL_URL)')
  t.equal(link.searchParams.get('redirect_to'), `${SITE}/confirm-email`)

  const verified = await fetch(mail!.link.replace(`${SITE}/auth/v1`, server.url), { redirect: 'manual' })
  t.equal(verified.status, 303)
  const location = new URL(verified.headers.get('location')!)
  t.equal(location.origin + location.pathname, `${SITE}/confirm-email`)
  const fragment = new URLSearchParams(location.hash.slice(1))
  t.equal(fragment.get('type'), 'signup')
  t.equal(fragment.get('token_type'), 'bearer')
  const claims = decodeJwt(fragment.get('access_token')!)
  t.match(claims, { aud: 'authenticated', role: 'authenticated', email: address, aal: 'aal1', is_anonymous: false })
  t.type(claims.session_id, 'string')
  t.equal(claims.iss, undefined, 'no issuer unless configured')

  const again = await fetch(mail!.link.replace(`${SITE}/auth/v1`, server.url), { redirect: 'manual' })
  const used = new URL(again.headers.get('location')!)
  t.match(
    Object.fromEntries(new URLSearchParams(used.hash.slice(1))),
    { error: 'access_denied', error_code: 'otp_expired' },
    'a link works once'
  )

  const wrong = await supabase.auth.signInWithPassword({ email: address, password: 'not-the-password' })
  t.match(wrong.error, { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })

  const signedIn = await supabase.auth.signInWithPassword({ email: address, password: PASSWORD })
  t.error(signedIn.error)
  const session = signedIn.data.session!
  t.equal(session.expires_in, 120)
  const user = await supabase.auth.getUser()
  t.equal(user.data.user?.email, address)
  t.ok(user.data.user?.email_confirmed_at)

  const refreshed = await supabase.auth.refreshSession()
  t.error(refreshed.error)
  t.not(refreshed.data.session?.refresh_token, session.refresh_token, 'refresh tokens rotate')
  t.equal(server.grants('refresh_token').length, 1)
  // The old token within the reuse interval gets the active one back; a stranger's does not work.
  const reuse = await fetch(`${server.url}/token?grant_type=refresh_token`, {
    method: 'POST',
    body: JSON.stringify({ refresh_token: session.refresh_token })
  })
  t.equal(reuse.status, 200)
  t.equal(((await reuse.json()) as { refresh_token: string }).refresh_token, refreshed.data.session?.refresh_token)

  t.error((await supabase.auth.signOut()).error)
  t.equal(server.activeSessions, 0)
  const after = await fetch(`${server.url}/user`, {
    headers: { authorization: `Bearer ${refreshed.data.session!.access_token}`, 'x-supabase-api-version': '2024-01-01' }
  })
  t.equal(after.status, 403)
  t.same(await after.json(), { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' })
  const dead = await fetch(`${server.url}/token?grant_type=refresh_token`, {
    method: 'POST',
    body: JSON.stringify({ refresh_token: refreshed.data.session!.refresh_token })
  })
  t.equal(dead.status, 400)
  t.match(await dead.json(), { code: 400, error_code: 'refresh_token_not_found' }, 'the legacy error form without the version header')
})

t.test('repeated signup does not reveal the account; weak passwords; validation', async (t) => {
  const server = await standIn(t)
  const supabase = client(server)
  const address = email('known')
  server.createUser({ email: address, password: PASSWORD })
  const repeated = await supabase.auth.signUp({ email: address, password: 'another-password-1' })
  t.error(repeated.error, 'no error for an existing account')
  t.same(repeated.data.user?.identities, [], 'an obfuscated user (identities: [])')
  t.equal(server.lastMail(address), undefined, 'nothing sent to a confirmed account')

  const pending = email('pending')
  await supabase.auth.signUp({ email: pending, password: PASSWORD })
  await supabase.auth.signUp({ email: pending, password: 'a-different-password' })
  t.equal(server.mailbox.filter((mail) => mail.to === pending).length, 2, 'an unconfirmed account gets its confirmation again')

  const weak = await supabase.auth.signUp({ email: email('weak'), password: 'court' })
  t.match(weak.error, { name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] })
  t.equal(weak.error?.message, 'Password should be at least 12 characters.')

  const invalid = await supabase.auth.signUp({ email: 'pas-une-adresse', password: PASSWORD })
  t.match(invalid.error, { status: 400, code: 'validation_failed' })
  const undeliverable = await supabase.auth.signUp({ email: 'x@domaine.invalid', password: PASSWORD })
  t.match(undeliverable.error, { status: 400, code: 'email_address_invalid' })

  const auto = await standIn(t, { autoconfirm: true })
  auto.createUser({ email: address, password: PASSWORD })
  const taken = await client(auto).auth.signUp({ email: address, password: PASSWORD })
  t.match(taken.error, { status: 422, code: 'user_already_exists' })
  const fresh = await client(auto).auth.signUp({ email: email('auto'), password: PASSWORD })
  t.ok(fresh.data.session, 'autoconfirm signs in at once')

  const closed = await standIn(t, { disableSignup: true })
  t.match((await client(closed).auth.signUp({ email: email('closed'), password: PASSWORD })).error, { code: 'signup_disabled' })
})

t.test('recovery by token_hash (verifyOtp), password rules, resend, rate limit', async (t) => {
  const server = await standIn(t, { emailMinIntervalSeconds: 60 })
  const supabase = client(server)
  const address = email('reset')
  server.createUser({ email: address, password: PASSWORD })
  t.error((await supabase.auth.resetPasswordForEmail('nobody@example.fr')).error, 'no account: same answer')
  t.equal(server.mailbox.length, 0)
  t.error((await supabase.auth.resetPasswordForEmail(address, { redirectTo: 'https://evil.example/steal' })).error)
  const mail = server.lastMail(address, 'recovery')!
  t.equal(mail.redirectTo, SITE, 'a redirect outside the allow list falls back to the site')
  const limited = await supabase.auth.resetPasswordForEmail(address)
  t.match(limited.error, { status: 429, code: 'over_email_send_rate_limit' })

  const events: string[] = []
  supabase.auth.onAuthStateChange((event: string) => void events.push(event))
  const verified = await supabase.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'recovery' })
  t.error(verified.error)
  t.ok(verified.data.session)
  t.ok(events.includes('PASSWORD_RECOVERY'))
  const used = await supabase.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'recovery' })
  t.match(used.error, { status: 403, code: 'otp_expired' })

  t.match((await supabase.auth.updateUser({ password: 'court' })).error, { code: 'weak_password', reasons: ['length'] })
  t.match((await supabase.auth.updateUser({ password: PASSWORD })).error, { status: 422, code: 'same_password' })
  t.error((await supabase.auth.updateUser({ password: 'un-nouveau-mot-de-passe' })).error)
  t.ok(events.includes('USER_UPDATED'))
  await supabase.auth.signOut()
  t.error((await supabase.auth.signInWithPassword({ email: address, password: 'un-nouveau-mot-de-passe' })).error)

  const pending = email('resend')
  const noLimit = await standIn(t)
  const other = client(noLimit)
  await other.auth.signUp({ email: pending, password: PASSWORD })
  t.error((await other.auth.resend({ type: 'signup', email: pending })).error)
  t.equal(noLimit.mailbox.length, 2)
  noLimit.expireLinks(pending)
  const expired = await other.auth.verifyOtp({ token_hash: noLimit.lastMail(pending)!.tokenHash, type: 'email' })
  t.match(expired.error, { code: 'otp_expired' })
  t.error((await other.auth.resend({ type: 'signup', email: 'nobody@example.fr' })).error)
  const otp = await other.auth.signInWithOtp({ email: email('otp'), options: { shouldCreateUser: false } })
  t.match(otp.error, { code: 'otp_disabled' })
})

t.test('PKCE: ?code= redirect, exchange, wrong verifier', async (t) => {
  const server = await standIn(t)
  const address = email('pkce')
  const { verifier, challenge } = pkcePair()
  const signup = await fetch(`${server.url}/signup?redirect_to=${encodeURIComponent(`${SITE}/confirm-email`)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: address, password: PASSWORD, code_challenge: challenge, code_challenge_method: 's256' })
  })
  t.equal(signup.status, 200)
  const mail = server.lastMail(address, 'signup')!
  t.match(new URL(mail.link).searchParams.get('token'), /^pkce_/)
  const verified = await fetch(mail.link.replace(`${SITE}/auth/v1`, server.url), { redirect: 'manual' })
  const location = new URL(verified.headers.get('location')!)
  const code = location.searchParams.get('code')
  t.ok(code, '?code= in the redirect')
  const exchange = (verifierValue: string) =>
    fetch(`${server.url}/token?grant_type=pkce`, {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: verifierValue })
    })
  const bad = await exchange('wrong-verifier')
  t.equal(bad.status, 403)
  t.same(await bad.json(), { code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' })
  const good = await exchange(verifier)
  t.equal(good.status, 200)
  t.match(await good.json(), { token_type: 'bearer', user: { email: address } })
  const twice = await exchange(verifier)
  t.equal(twice.status, 404)
  t.match(await twice.json(), { code: 'flow_state_not_found' })
})

t.test('behaviour switches and request log', async (t) => {
  const server = await standIn(t)
  await fetch(`${server.url}/health`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
  t.equal(server.forwardedFor.at(-1), '203.0.113.9')
  server.behaviour.down = 503
  const down = await fetch(`${server.url}/health`)
  t.equal(down.status, 503)
  server.behaviour.down = 'close'
  await t.rejects(fetch(`${server.url}/health`))
  server.behaviour.down = false
  server.behaviour.delayMs = 50
  const started = Date.now()
  await fetch(`${server.url}/health`)
  t.ok(Date.now() - started >= 45)
})

t.test('allow-list globs like GoTrue', async (t) => {
  t.ok(globMatches('https://devis.example.fr/**', 'https://devis.example.fr/confirm-email?x=1'))
  t.ok(globMatches('https://*.example.fr/confirm-email', 'https://devis.example.fr/confirm-email'))
  t.notOk(globMatches('https://*.example.fr/confirm-email', 'https://a.b.example.fr/confirm-email'))
  t.notOk(globMatches('https://devis.example.fr/confirm-email', 'https://devis.example.fr/confirm-email/x'))
})

t.test('edge cases answer as GoTrue does', async (t) => {
  const server = await standIn(t, { flowStateTtlSeconds: 0 })
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      redirect: 'manual',
      headers: { 'x-supabase-api-version': '2024-01-01', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
    })
    const text = await response.text()
    return {
      status: response.status,
      json: text === '' ? null : (JSON.parse(text) as Record<string, unknown>),
      location: response.headers.get('location')
    }
  }
  const address = email('bord')
  server.createUser({ email: address, password: PASSWORD })

  await t.rejects(server.waitForMail('personne@example.fr', 'signup', { timeoutMs: 30 }), { message: /no signup e-mail/ })
  t.equal(server.user('personne@example.fr'), undefined)
  t.match(await call('POST', '/signup', '{not json'), { status: 400, json: { code: 'bad_json' } })
  t.match(await call('POST', '/signup', { email: address }), { status: 422, json: { code: 'validation_failed' } })
  t.match(await call('POST', '/signup', { password: PASSWORD }), { status: 400, json: { code: 'validation_failed' } })
  t.match(await call('POST', '/signup', { email: `${'a'.repeat(250)}@example.fr`, password: PASSWORD }), { status: 400 })
  t.match(await call('POST', '/signup', { email: email('pkce'), password: PASSWORD, code_challenge: 'x' }), {
    status: 400,
    json: { message: /PKCE/ }
  })
  t.match(await call('POST', '/token?grant_type=magic'), { status: 400, json: { code: 'unsupported_grant_type' } })
  t.match(await call('POST', '/token?grant_type=password', {}), { status: 400, json: { code: 'validation_failed' } })
  t.match(await call('POST', '/token?grant_type=refresh_token', {}), { status: 400, json: { code: 'validation_failed' } })
  t.match(await call('POST', '/token?grant_type=pkce', { auth_code: 'x' }), { status: 400, json: { code: 'validation_failed' } })
  t.match(await call('POST', '/resend', { email: address, type: 'magic' }), { status: 400, json: { code: 'validation_failed' } })
  t.match(await call('POST', '/resend', { email: address, type: 'email_change' }), { status: 400 })

  // PKCE with the plain method; an exchange after the flow state expired.
  const pkceAddress = email('plain')
  await call('POST', `/signup?redirect_to=${encodeURIComponent('pas une url')}`, {
    email: pkceAddress,
    password: PASSWORD,
    code_challenge: 'verifier-en-clair',
    code_challenge_method: 'plain'
  })
  const plainMail = server.lastMail(pkceAddress, 'signup')!
  t.equal(plainMail.redirectTo, SITE, 'an invalid redirect_to falls back to the site')
  const code = new URL(
    (await call('GET', `/verify?token=pkce_${plainMail.tokenHash}&type=signup&redirect_to=${encodeURIComponent(SITE)}`)).location!
  ).searchParams.get('code')
  await new Promise((resolve) => setTimeout(resolve, 5))
  t.match(await call('POST', '/token?grant_type=pkce', { auth_code: code, code_verifier: 'verifier-en-clair' }), {
    status: 400,
    json: { code: 'flow_state_expired' }
  })
  const expiredPkce = await call('GET', `/verify?token=pkce_${plainMail.tokenHash}&type=signup`)
  t.match(new URL(expiredPkce.location!).searchParams.get('error_code'), 'otp_expired', 'PKCE errors also go in the query')
  t.match(new URL((await call('GET', '/verify?type=signup')).location!).hash, /error=invalid_request&error_code=validation_failed/)
  t.match(new URL((await call('GET', '/verify?token=abc&type=invite')).location!).hash, /error_code=validation_failed/, 'unsupported type')

  // Magic links by /otp; the six-digit code of an e-mail; the Referer as redirect.
  t.match(await call('POST', '/otp', { email: address }, { referer: `${SITE}/connexion` }), { status: 200 })
  const magic = server.lastMail(address, 'magiclink')!
  t.equal(magic.redirectTo, `${SITE}/connexion`)
  t.match(await call('POST', '/verify', { type: 'magiclink', email: address, token: magic.otp }), {
    status: 200,
    json: { token_type: 'bearer' }
  })
  t.match(await call('POST', '/verify', { type: 'magiclink' }), { status: 400, json: { code: 'validation_failed' } })
  const fresh = email('otp-new')
  await call('POST', '/otp', { email: fresh })
  await call('POST', '/otp', { email: fresh })
  t.equal(
    server.mailbox.filter((mail) => mail.to === fresh && mail.type === 'signup').length,
    2,
    'a new account, then its confirmation again'
  )

  // /user and /logout: missing or bad tokens, anon key, deleted user, metadata, scopes.
  t.match(await call('GET', '/user'), { status: 401, json: { code: 'no_authorization' } })
  t.match(await call('GET', '/user', undefined, { authorization: 'Bearer nope' }), { status: 403, json: { code: 'bad_jwt' } })
  t.match(await call('GET', '/user', undefined, { authorization: `Bearer ${server.anonKey}` }), {
    status: 403,
    json: { message: /missing sub/ }
  })
  const signIn = async () =>
    (await call('POST', '/token?grant_type=password', { email: address, password: PASSWORD })).json as { access_token: string }
  const first = await signIn()
  const second = await signIn()
  const bearer = (token: { access_token: string }) => ({ authorization: `Bearer ${token.access_token}` })
  t.match(await call('PUT', '/user', { data: { nom: 'Inès' } }, bearer(first)), { status: 200, json: { user_metadata: { nom: 'Inès' } } })
  t.match(await call('PUT', '/user', { password: '' }, bearer(first)), { status: 422, json: { code: 'validation_failed' } })
  t.match(await call('PUT', '/user', { email: 'autre@example.fr' }, bearer(first)), { status: 422 })
  t.match(await call('POST', '/logout?scope=everything', undefined, bearer(first)), { status: 400 })
  t.equal((await call('POST', '/logout?scope=others', undefined, bearer(first))).status, 204)
  t.match(
    await call('GET', '/user', undefined, bearer(second)),
    { status: 403, json: { code: 'session_not_found' } },
    'the other session ended'
  )
  t.equal((await call('GET', '/user', undefined, bearer(first))).status, 200, 'this one stays')
  server.deleteUser(address)
  t.match(await call('GET', '/user', undefined, bearer(first)), { status: 403, json: { code: 'user_not_found' } })
})

t.test('more of GoTrue: PKCE recovery, reuse chains, issuer, header forms, redirects with a fragment', async (t) => {
  t.throws(() => new GoTrueStandIn({ jwtSecret: 'court' }), { message: /32 characters/ })
  const server = await standIn(t, { jwtIssuer: `${SITE}/auth/v1` })
  const address = email('plus')
  server.createUser({ email: address, password: PASSWORD })
  t.match(server.user(address), { email: address, role: 'authenticated' })
  t.throws(() => server.expireLinks('personne@example.fr'), { message: /no account/ })
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', redirect: 'manual', headers, body: JSON.stringify(body) })

  // Recovery by PKCE, asked twice (the first flow is dropped), then exchanged.
  const { verifier, challenge } = pkcePair()
  await post(`/recover?redirect_to=${encodeURIComponent(`${SITE}/reset-password#haut`)}`, {
    email: address,
    code_challenge: challenge,
    code_challenge_method: 'S256'
  })
  await post('/recover', { email: address, code_challenge: challenge, code_challenge_method: 's256' })
  t.match(await (await post('/recover', { email: address, code_challenge: challenge, code_challenge_method: 'S512' })).json(), {
    error_code: 'validation_failed'
  })
  const mail = server.lastMail(address, 'recovery')!
  const verified = await fetch(mail.link.replace(`${SITE}/auth/v1`, server.url), { redirect: 'manual' })
  const code = new URL(verified.headers.get('location')!).searchParams.get('code')
  const session = (await (await post('/token?grant_type=pkce', { auth_code: code, code_verifier: verifier })).json()) as {
    access_token: string
    refresh_token: string
  }
  const claims = decodeJwt(session.access_token)
  t.equal(claims.iss, `${SITE}/auth/v1`, 'GOTRUE_JWT_ISSUER')
  t.match(claims.amr, [{ method: 'recovery' }])

  // An expired recovery link; an implicit redirect whose target had a fragment.
  await post('/recover', { email: address })
  server.expireLinks(address)
  const expired = await fetch(server.lastMail(address, 'recovery')!.link.replace(`${SITE}/auth/v1`, server.url), { redirect: 'manual' })
  t.match(expired.headers.get('location'), /#error=access_denied&error_code=otp_expired/)
  await post(`/recover?redirect_to=${encodeURIComponent(`${SITE}/reset-password#haut`)}`, { email: address })
  const implicit = await fetch(server.lastMail(address, 'recovery')!.link.replace(`${SITE}/auth/v1`, server.url), { redirect: 'manual' })
  t.match(implicit.headers.get('location'), new RegExp(`^${SITE}/reset-password#access_token=`), 'the fragment of redirect_to is replaced')

  // A chain of rotations: the first token, reused in the interval, gets the newest.
  const rotate = async (token: string) =>
    ((await (await post('/token?grant_type=refresh_token', { refresh_token: token })).json()) as { refresh_token: string }).refresh_token
  const second = await rotate(session.refresh_token)
  const third = await rotate(second)
  t.equal(await rotate(session.refresh_token), third)

  // Header forms: a malformed version is the legacy error form; no scope means global.
  const legacy = await post('/token?grant_type=password', { email: address, password: 'faux' }, { 'x-supabase-api-version': '2024-13-45' })
  t.match(await legacy.json(), { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' })
  t.equal(legacy.headers.get('x-supabase-api-version'), null)
  t.equal(legacy.headers.get('x-sb-error-code'), 'invalid_credentials')
  const logout = await post('/logout', undefined, { authorization: `Bearer ${session.access_token}` })
  t.equal(logout.status, 204)
  t.equal(server.activeSessions, 0)
  t.ok(globMatches('https://devis.example.fr/v?', 'https://devis.example.fr/v2'))
  t.ok(globMatches('exact', 'exact'))
})
