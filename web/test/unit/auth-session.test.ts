// The session store, the e-mail link landings and the auth guard with the real supabase-js, in
// Node: the gateway proxies /auth/v1 to the GoTrue stand-in, and `window` is a stub with the
// gateway's location and an in-memory localStorage (supabase-js then keeps its session there, as
// in a browser; it does not read the URL outside a browser, which the Chromium tests cover).
import t from 'tap'
import type { AuthChangeEvent } from '@supabase/supabase-js'
import { pkcePair, startGoTrueStandIn } from '../../../gateway/test/support/gotrue-stand-in.js'
import { buildApp } from '../../../gateway/test/helper.js'
import { DEFAULT_SITE_DIR } from '../../../gateway/src/config.js'
import type { AddressInfo } from 'node:net'

const SECRET = 'unit-tests-jwt-secret-0123456789-abcdefghij'
const PASSWORD = 'une phrase de passe solide'

const standIn = await startGoTrueStandIn({ jwtSecret: SECRET })
t.teardown(() => standIn.close())
const app = await buildApp({
  SITE_DIR: DEFAULT_SITE_DIR,
  AUTH_UPSTREAM_URL: standIn.url,
  SUPABASE_ANON_KEY: standIn.anonKey,
  SUPABASE_JWT_SECRET: SECRET,
  AUTH_RATE_LIMIT_PER_MINUTE: '10000'
})
await app.listen({ host: '127.0.0.1', port: 0 })
t.teardown(() => app.close())
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
standIn.serveSite(origin)
const KEY = standIn.anonKey

const memory = new Map<string, string>()
const storage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, String(value)),
  removeItem: (key: string) => void memory.delete(key),
  clear: () => memory.clear(),
  key: (index: number) => [...memory.keys()][index] ?? null,
  get length() {
    return memory.size
  }
}
// Enough of a browser for supabase-js to behave as in one (isBrowser(): window and document).
const globals = globalThis as unknown as Record<string, unknown>
const listeners = { addEventListener: () => {}, removeEventListener: () => {} }
globals.window = { location: new URL(`${origin}/confirm-email`), localStorage: storage, ...listeners }
globals.document = { visibilityState: 'visible', ...listeners }
globals.localStorage = storage
// supabase-js builds its realtime client at once; Node 20 has no WebSocket, and none is opened.
globals.WebSocket ??= class {}
// Node's BroadcastChannel would keep the process alive; tabs are a browser matter.
const broadcastChannel = globals.BroadcastChannel
globals.BroadcastChannel = undefined
t.teardown(() => {
  delete globals.window
  delete globals.document
  delete globals.localStorage
  globals.BroadcastChannel = broadcastChannel
})

t.test('sign-in, events, guard, landings, sign-out', async (t) => {
  const session = await import('@/features/auth/lib/session')
  const { followAuthLink, landAuthLink } = await import('@/features/auth/lib/landing')
  const { leave } = await import('@/features/auth/lib/actions')
  const { requireSession } = await import('@/features/auth/lib/guard')
  const supabaseLib = await import('@/lib/supabase')
  const events: AuthChangeEvent[] = []
  const stopEvents = session.onAuthEvent((event) => void events.push(event))
  t.teardown(stopEvents)
  const waitFor = async (event: AuthChangeEvent) => {
    for (let i = 0; i < 200 && !events.includes(event); i++) await new Promise((resolve) => setTimeout(resolve, 10))
    t.ok(events.includes(event), `${event} heard`)
  }
  const config = { supabaseAnonKey: KEY }

  // Nothing stored, nothing in the URL: signed out, and supabase-js is not even loaded.
  const seen: string[] = []
  const stop = session.subscribeSession(() => seen.push(session.sessionSnapshot().status))
  t.equal(session.serverSessionSnapshot().status, 'unknown', 'the prerender always sees « unknown »')
  session.startSession(KEY)
  t.match(session.sessionSnapshot(), { status: 'signed-out', confirmed: true })
  t.same(seen, ['signed-out'])
  t.notOk(supabaseLib.supabaseRequested())
  // A client opening a signing link: its API calls ask for a token, and get none without loading the library.
  t.equal(await supabaseLib.getAccessToken(KEY), null)
  t.notOk(supabaseLib.supabaseRequested(), 'supabase-js still not loaded')
  session.finishRecovery()
  t.same(seen, ['signed-out'], 'no recovery to finish, nobody told')
  stop()

  session.startSession(KEY, true)
  const supabase = await session.connectSession(KEY)
  t.equal(await session.connectSession(KEY), supabase, 'one client')
  session.startSession(KEY, true)
  await waitFor('INITIAL_SESSION')
  t.match(session.sessionSnapshot(), { status: 'signed-out', confirmed: true })
  t.equal(await requireSession({ path: '/espace', search: '', config }), '/connexion?redirectTo=%2Fespace')
  t.equal(await supabaseLib.getAccessToken(KEY), null)
  t.notOk(supabaseLib.hasStoredSession())
  t.throws(() => supabaseLib.getSupabase('another-key'), { message: /another anon key/ })
  const { siteUrl } = await import('@/features/auth/lib/auth-link')
  t.equal(siteUrl('/confirm-email'), `${origin}/confirm-email`)
  // Storage refused (privacy settings): no session, and forgetting one does not throw.
  const win = globals.window as { localStorage: unknown }
  win.localStorage = {
    getItem: () => {
      throw new Error('denied')
    },
    removeItem: () => {
      throw new Error('denied')
    }
  }
  t.notOk(supabaseLib.hasStoredSession())
  t.doesNotThrow(() => supabaseLib.forgetStoredSession())
  win.localStorage = storage

  const email = `unit-${Date.now()}@example.fr`
  standIn.createUser({ email, password: PASSWORD })
  t.error((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error)
  await waitFor('SIGNED_IN')
  t.match(session.sessionSnapshot(), { status: 'signed-in', email, recovery: false })
  t.ok(supabaseLib.hasStoredSession(), 'stored under sb-127-auth-token')
  t.equal(await requireSession({ path: '/espace', search: '', config }), null, 'the guard lets the user in')
  t.match(await supabaseLib.getAccessToken(KEY), /^ey/)
  t.equal((await session.currentSession(KEY))?.user.email, email)

  // Links: an error in the URL, a token hash (recovery), used twice, a PKCE code with and without verifier.
  t.same(await landAuthLink(KEY, { kind: 'error', code: 'otp_expired', description: 'Email link is invalid or has expired' }), {
    kind: 'failed',
    code: 'otp_expired',
    message: 'Ce lien n’est plus valable\u202f: il a expiré ou a déjà servi.'
  })
  await fetch(`${origin}/auth/v1/recover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email })
  })
  const recovery = await standIn.waitForMail(email, 'recovery')
  const link = { kind: 'token_hash', tokenHash: recovery.tokenHash, type: 'recovery' } as const
  const landed = landAuthLink(KEY, link)
  t.equal(landAuthLink(KEY, { ...link }), landed, 'a link is used once per page load')
  t.same(await landed, { kind: 'signed-in', email, recovery: true })
  await waitFor('PASSWORD_RECOVERY')
  t.equal(session.sessionSnapshot().recovery, true)
  session.finishRecovery()
  t.equal(session.sessionSnapshot().recovery, false)
  t.match(await landAuthLink(KEY, { kind: 'token_hash', tokenHash: 'not-a-token', type: 'email' }), { kind: 'failed', code: 'otp_expired' })

  t.match(await landAuthLink(KEY, { kind: 'code', code: 'abc' }), { kind: 'failed', code: 'pkce_code_verifier_not_found' })
  const pkceEmail = `unit-pkce-${Date.now()}@example.fr`
  const { verifier, challenge } = pkcePair()
  storage.setItem('sb-127-auth-token-code-verifier', JSON.stringify(verifier))
  t.ok(supabaseLib.hasCodeVerifier())
  await fetch(`${origin}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: pkceEmail, password: PASSWORD, code_challenge: challenge, code_challenge_method: 's256' })
  })
  const verified = await fetch((await standIn.waitForMail(pkceEmail, 'signup')).link, { redirect: 'manual' })
  const code = new URL(verified.headers.get('location')!).searchParams.get('code')!
  t.same(await landAuthLink(KEY, { kind: 'code', code }), { kind: 'signed-in', email: pkceEmail, recovery: false })
  storage.setItem('sb-127-auth-token-code-verifier', JSON.stringify('wrong'))
  t.match(await landAuthLink(KEY, { kind: 'code', code: 'used-or-unknown' }), { kind: 'failed', code: 'flow_state_not_found' })

  // Implicit: outside a browser supabase-js reads no URL; the session it has decides.
  t.same(await landAuthLink(KEY, { kind: 'implicit', type: 'signup' }), { kind: 'signed-in', email: pkceEmail, recovery: false })

  // Following a link as the pages do: working, the result, then a clean address.
  const reports: string[] = []
  const replaced: string[] = []
  const follow = (href: string, key: string | null = KEY) =>
    followAuthLink(
      href,
      key,
      (state) => reports.push(state.kind),
      (clean) => replaced.push(clean)
    )
  follow(`${origin}/confirm-email`)
  t.same(reports, [], 'no link, nothing to do')
  follow(`${origin}/confirm-email?token_hash=abc&type=email`, null)
  t.same(reports, ['unconfigured'])
  follow(`${origin}/confirm-email?error=access_denied&error_code=otp_expired&utm=1`)
  const cancelled = follow(`${origin}/confirm-email#error_code=flow_state_expired`)
  cancelled()
  await new Promise((resolve) => setTimeout(resolve, 20))
  t.same(reports, ['unconfigured', 'working', 'working', 'failed'], 'the cancelled one reports no result')
  t.same(replaced, ['/confirm-email?utm=1'])
  follow(`${origin}/confirm-email#access_token=x&type=signup`)
  await new Promise((resolve) => setTimeout(resolve, 50))
  t.same(replaced, ['/confirm-email?utm=1', '/confirm-email'], 'tokens left in the fragment are removed once used')

  t.same(await leave(KEY), { ok: true, value: 'done' })
  await waitFor('SIGNED_OUT')
  t.match(session.sessionSnapshot(), { status: 'signed-out', session: null })
  t.notOk(supabaseLib.hasStoredSession())
  t.match(await landAuthLink(KEY, { kind: 'implicit', type: 'recovery' }), { kind: 'failed', code: 'otp_expired' })

  // Supabase Auth unreachable at sign-out: the session is forgotten here all the same.
  t.error((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error)
  standIn.behaviour.down = 'close'
  t.teardown(() => {
    standIn.behaviour.down = false
  })
  t.same(await leave(KEY), { ok: true, value: 'reload' })
  t.notOk(supabaseLib.hasStoredSession(), 'removed from storage')
  standIn.behaviour.down = false
})

t.test('the form actions: one call each, French errors, never a throw', async (t) => {
  const actions = await import('@/features/auth/lib/actions')
  const email = `unit-actions-${Date.now()}@example.fr`
  const confirm = `${origin}/confirm-email`

  t.same(await actions.signUp(KEY, email, 'court', confirm), {
    ok: false,
    error: { code: 'weak_password', message: 'Ce mot de passe est trop faible\u202f: il doit contenir au moins 12 caractères.' }
  })
  t.same(await actions.signUp(KEY, email, PASSWORD, confirm), { ok: true, value: { signedIn: false } })
  t.match(await actions.signIn(KEY, email, PASSWORD), { ok: false, error: { code: 'email_not_confirmed' } })
  t.same(await actions.resendConfirmation(KEY, email, confirm), { ok: true, value: undefined })
  standIn.settings.emailMinIntervalSeconds = 60
  t.teardown(() => {
    standIn.settings.emailMinIntervalSeconds = 0
  })
  t.match(await actions.resendConfirmation(KEY, email, confirm), { ok: false, error: { code: 'over_email_send_rate_limit' } })
  standIn.settings.emailMinIntervalSeconds = 0
  const mail = await standIn.waitForMail(email, 'signup')
  await fetch(mail.link, { redirect: 'manual' })

  t.match(await actions.signIn(KEY, email, 'pas le bon'), { ok: false, error: { code: 'invalid_credentials' } })
  t.same(await actions.signIn(KEY, email, PASSWORD), { ok: true, value: undefined })
  t.match(await actions.updatePassword(KEY, PASSWORD), { ok: false, error: { code: 'same_password' } })
  t.match(await actions.updatePassword(KEY, 'court'), { ok: false, error: { code: 'weak_password' } })
  t.same(await actions.updatePassword(KEY, 'un tout nouveau mot de passe'), { ok: true, value: undefined })

  t.same(await actions.requestPasswordReset(KEY, email, `${origin}/reset-password`), { ok: true, value: undefined })
  t.same(
    await actions.requestPasswordReset(KEY, 'personne@example.fr', `${origin}/reset-password`),
    { ok: true, value: undefined },
    'the same answer'
  )
  t.match(await actions.requestPasswordReset(KEY, 'pas-une-adresse', `${origin}/reset-password`), {
    ok: false,
    error: { code: 'validation_failed' }
  })
  standIn.behaviour.down = 503
  t.teardown(() => {
    standIn.behaviour.down = false
  })
  t.match(await actions.signIn(KEY, email, PASSWORD), { ok: false, error: { code: 'service_unavailable' } })
  standIn.behaviour.down = false
})
