// The account pages' logic that needs no browser: where a sign-in may lead, the password rule,
// the forms of e-mail links, how session events change the state, the API client.
import t from 'tap'
import type { AuthChangeEvent, Session } from '@supabase/supabase-js'
import { requireSession } from '@/features/auth/lib/guard'
import { hasSessionInFragment, parseAuthLink, withoutLinkParams } from '@/features/auth/lib/auth-link'
import { checkEmail, checkNewPassword, passwordLength, PASSWORD_MIN_LENGTH } from '@/features/auth/lib/password-rules'
import { redirectFromSearch, safeRedirect } from '@/features/auth/lib/redirect'
import { applyAuthEvent, INITIAL_SESSION_STATE, type SessionState } from '@/features/auth/lib/session'
import { API_MESSAGES, ApiError, createApiClient } from '@/lib/api-client'
import { sessionStorageKey } from '@/lib/supabase'

t.test('redirectTo: same-site paths only', async (t) => {
  t.equal(safeRedirect('/espace'), '/espace')
  t.equal(safeRedirect('/espace/devis/12?onglet=lignes#total'), '/espace/devis/12?onglet=lignes#total')
  t.equal(safeRedirect('/a/../espace'), '/espace', 'normalised')
  for (const bad of [
    null,
    undefined,
    '',
    'espace',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil',
    '/\tevil',
    ' /espace',
    'javascript:alert(1)'
  ]) {
    t.equal(safeRedirect(bad), '/espace', `refused: ${JSON.stringify(bad)}`)
  }
  t.equal(safeRedirect('/%5Cevil'), '/%5Cevil', 'an encoded backslash is only a character of a path here')
  t.equal(safeRedirect('//x', '/'), '/', 'custom fallback')
  t.equal(redirectFromSearch('?redirectTo=%2Ftarifs'), '/tarifs')
  t.equal(redirectFromSearch('?redirectTo=%2F%2Fevil.example'), '/espace')
  t.equal(redirectFromSearch(''), '/espace')
})

t.test('password rule: 10 characters as Supabase counts them, typed twice', async (t) => {
  t.equal(PASSWORD_MIN_LENGTH, 12)
  t.equal(passwordLength('éééééééééééé'), 12)
  t.equal(passwordLength('🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐'), 10, 'code points, not UTF-16 units')
  t.same(checkNewPassword('une phrase solide', 'une phrase solide'), {})
  t.match(checkNewPassword('court', 'court').password, /au moins 12 caractères \(5 pour/)
  t.match(checkNewPassword('', '').password, /Saisissez un mot de passe/)
  t.match(checkNewPassword('', '').confirmation, /seconde fois/)
  t.match(checkNewPassword('une phrase solide', 'une autre').confirmation, /pas identiques/)
  t.equal(checkEmail('  nom@entreprise.fr '), undefined)
  t.match(checkEmail(''), /Saisissez/)
  t.match(checkEmail('nom@entreprise'), /pas valide/)
})

t.test('e-mail link forms', async (t) => {
  const base = 'https://devis.example.fr/confirm-email'
  t.same(parseAuthLink(base), { kind: 'none' })
  t.same(parseAuthLink(`${base}?token_hash=abc&type=recovery`), { kind: 'token_hash', tokenHash: 'abc', type: 'recovery' })
  t.same(parseAuthLink(`${base}?token_hash=abc&type=bizarre`), { kind: 'token_hash', tokenHash: 'abc', type: 'email' })
  t.same(parseAuthLink(`${base}?token_hash=abc`), { kind: 'token_hash', tokenHash: 'abc', type: 'email' })
  t.same(parseAuthLink(`${base}?code=123`), { kind: 'code', code: '123' })
  t.same(parseAuthLink(`${base}#access_token=x&refresh_token=y&type=signup`), { kind: 'implicit', type: 'signup' })
  t.same(parseAuthLink(`${base}#access_token=x`), { kind: 'implicit', type: null })
  t.same(parseAuthLink(`${base}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid`), {
    kind: 'error',
    code: 'otp_expired',
    description: 'Email link is invalid'
  })
  t.same(parseAuthLink(`${base}?error=server_error`), { kind: 'error', code: 'server_error', description: null })
  t.same(parseAuthLink(`${base}?error_description=oops`), { kind: 'error', code: 'unknown', description: 'oops' })
  t.equal(withoutLinkParams(`${base}?token_hash=abc&type=email&utm=1`), '/confirm-email?utm=1')
  t.equal(withoutLinkParams(`${base}?code=1#error=x&error_code=y`), '/confirm-email')
  t.equal(withoutLinkParams(`${base}#section`), null, 'nothing to remove')
  t.ok(hasSessionInFragment('#access_token=x'))
  t.ok(hasSessionInFragment('#error_code=otp_expired'))
  t.ok(hasSessionInFragment('error_description=x'))
  t.notOk(hasSessionInFragment('#contenu'))
})

t.test('session events change the state', async (t) => {
  const session = (id: string, email = `${id}@example.fr`) => ({ access_token: 'a', user: { id, email } }) as unknown as Session
  const run = (events: Array<[AuthChangeEvent, Session | null]>, from: SessionState = INITIAL_SESSION_STATE) =>
    events.reduce((state, [event, value]) => applyAuthEvent(state, event, value), from)

  t.match(run([['INITIAL_SESSION', null]]), { status: 'signed-out', confirmed: true, session: null, lastEvent: 'INITIAL_SESSION' })
  t.match(run([['INITIAL_SESSION', session('u1')]]), { status: 'signed-in', confirmed: true, email: 'u1@example.fr', recovery: false })
  t.match(run([['SIGNED_IN', session('u1')]]), { status: 'signed-in', recovery: false, lastEvent: 'SIGNED_IN' })
  t.match(run([['PASSWORD_RECOVERY', session('u1')]]), { status: 'signed-in', recovery: true })
  t.match(
    run([
      ['PASSWORD_RECOVERY', session('u1')],
      ['INITIAL_SESSION', session('u1')]
    ]),
    { recovery: true },
    'start-up order does not lose recovery'
  )
  t.match(
    run([
      ['INITIAL_SESSION', session('u1')],
      ['PASSWORD_RECOVERY', session('u1')],
      ['SIGNED_IN', session('u1')]
    ]),
    { recovery: true },
    'tab refocus'
  )
  t.match(
    run([
      ['PASSWORD_RECOVERY', session('u1')],
      ['SIGNED_IN', session('u2')]
    ]),
    { recovery: false, email: 'u2@example.fr' },
    'another user'
  )
  t.match(
    run([
      ['PASSWORD_RECOVERY', session('u1')],
      ['TOKEN_REFRESHED', session('u1')]
    ]),
    { recovery: true, lastEvent: 'TOKEN_REFRESHED' }
  )
  t.match(
    run([
      ['SIGNED_IN', session('u1')],
      ['USER_UPDATED', session('u1', 'new@example.fr')]
    ]),
    { email: 'new@example.fr', lastEvent: 'USER_UPDATED' }
  )
  t.match(
    run([
      ['SIGNED_IN', session('u1')],
      ['MFA_CHALLENGE_VERIFIED', session('u1')]
    ]),
    { status: 'signed-in', lastEvent: 'MFA_CHALLENGE_VERIFIED' }
  )
  t.match(
    run([
      ['PASSWORD_RECOVERY', session('u1')],
      ['SIGNED_OUT', null]
    ]),
    { status: 'signed-out', session: null, email: null, recovery: false }
  )
  t.match(
    run([
      ['SIGNED_IN', session('u1')],
      ['TOKEN_REFRESHED', null]
    ]),
    { status: 'signed-out' },
    'an event without a session signs out'
  )
  t.match(
    run([
      ['SIGNED_IN', session('u1')],
      ['SOMETHING_NEW' as AuthChangeEvent, null]
    ]),
    { status: 'signed-in', lastEvent: 'SOMETHING_NEW' }
  )
  t.equal(sessionStorageKey('127.0.0.1'), 'sb-127-auth-token')
  t.equal(sessionStorageKey('devis.example.fr'), 'sb-devis-auth-token')
})

t.test('the auth guard: the sign-in page and back when accounts are not configured', async (t) => {
  t.equal(await requireSession({ path: '/espace', search: '', config: { supabaseAnonKey: null } }), '/connexion?redirectTo=%2Fespace')
})

t.test('the API client attaches the token, reads the gateway’s errors, never navigates', async (t) => {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const answer = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status })
  let next: () => Response | Promise<Response> = () => answer(200, { user: { email: 'a@b.fr' } })
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init })
    return next()
  }
  let token: string | null = 'jwt-1'
  const api = createApiClient({ getAccessToken: async () => token, fetch: fetcher })

  t.same(await api.get('/api/session'), { user: { email: 'a@b.fr' } })
  t.match(calls[0], {
    url: '/api/session',
    init: { method: 'GET', headers: { authorization: 'Bearer jwt-1', accept: 'application/json' } }
  })
  t.equal(calls[0]?.init.body, undefined)

  token = null
  await api.post('/api/contact', { body: { nom: 'x' } })
  t.match(calls[1], { init: { method: 'POST', body: '{"nom":"x"}', headers: { 'content-type': 'application/json' } } })
  t.notOk('authorization' in (calls[1]?.init.headers as Record<string, string>), 'no token, no header')

  next = () => new Response(null, { status: 204 })
  t.equal(await api.delete('/api/quotes/1'), null)
  next = () => answer(200, { ok: true })
  t.same(await api.put('/api/profile', { body: {} }), { ok: true })
  next = () => new Response('', { status: 200 })
  t.equal(await api.post('/api/quotes/1/remind'), null, 'an answer without a body is null')
  // The user moved on while the answer arrived: the read fails, it never resolves as null.
  next = () =>
    new Response(new ReadableStream({ start: (controller) => controller.error(new DOMException('aborted', 'AbortError')) }), {
      status: 200
    })
  await t.rejects(api.get('/api/billing/subscription'), { name: 'AbortError' }, 'a body cut off is an abort, not null')
  next = () => new Response('{"plan":', { status: 200 })
  await t.rejects(api.get('/api/billing/subscription'), { status: 200, message: API_MESSAGES.failed }, 'a broken answer said in French')

  next = () => answer(401, { error: { code: 'unauthenticated', message: 'Connectez-vous.' } })
  await t.rejects(api.get('/api/session'), new ApiError(401, 'unauthenticated', 'Connectez-vous.'))
  next = () => answer(503, undefined)
  await t.rejects(api.get('/api/session'), { status: 503, code: 'http_503', message: API_MESSAGES.unreachable })
  next = () => new Response('<html>', { status: 400 })
  await t.rejects(api.get('/api/session'), { status: 400, code: 'http_400', message: API_MESSAGES.failed })
  next = () => Promise.reject(new TypeError('Failed to fetch'))
  await t.rejects(api.get('/api/session'), { name: 'ApiError', status: 0, code: 'network_error' })
  const controller = new AbortController()
  controller.abort()
  next = () => Promise.reject(new DOMException('aborted', 'AbortError'))
  await t.rejects(api.get('/api/session', { signal: controller.signal }), { name: 'AbortError' }, 'an abort stays an abort')
})

t.test('sign-up and sign-in forms: every problem, the first one focused', async (t) => {
  const { checkSignIn, checkSignUp, firstProblem } = await import('@/features/auth/lib/password-rules')
  const all = checkSignUp({ email: '', password: 'court', confirmation: 'autre', accepted: false })
  t.match(all, { email: /Saisissez/, password: /au moins 12/, confirmation: /pas identiques/, accepted: /Cochez la case/ })
  t.equal(firstProblem(all, ['email', 'password', 'confirmation', 'accepted']), 'email')
  const fine = checkSignUp({ email: 'a@b.fr', password: 'une phrase bien solide', confirmation: 'une phrase bien solide', accepted: true })
  t.equal(firstProblem(fine, ['email', 'password', 'confirmation', 'accepted']), undefined)
  t.equal(firstProblem(checkSignIn('a@b.fr', ''), ['email', 'password']), 'password')
  t.same(checkSignIn('a@b.fr', 'x'), { email: undefined, password: undefined })
})
