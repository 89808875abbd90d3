// Accounts in a real browser, end to end: Chromium → the gateway (which proxies /auth/v1 and
// verifies tokens for /api) → the GoTrue stand-in (gateway/test/support), whose outbox gives the
// e-mail links. Sign-up and confirmation, sign-in errors, password reset, sign-out, token
// refresh through the proxy, the guarded account area, every e-mail link form, expired links;
// no console error and no hydration error anywhere, axe-clean in the states that matter.
import t from 'tap'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { pkcePair, type SentMail } from '../../../gateway/test/support/gotrue-stand-in.js'
import {
  accountMenu,
  axe,
  button,
  chooseNewPassword,
  CLEAN,
  type ConsoleEntry,
  DEFAULT_SITE_DIR,
  DESKTOP,
  emailFactory,
  field,
  gotoHydrated,
  headingText,
  type HttpProblem,
  inPage,
  normalizeSpace,
  type OpenedPage,
  openPage,
  PHONE,
  type ProblemFilter,
  problemsOf,
  readMarker,
  setMarker,
  signOutOfWorkspace,
  startAuthStack,
  startGateway,
  waitForExpression
} from './harness.js'

const SECRET = 'browser-tests-jwt-secret-0123456789-abcdefgh'
const PASSWORD = 'une phrase de passe solide'
const STORAGE_KEY = 'sb-127-auth-token'

const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

/** Expected refusals of the auth API (a wrong password is a 400, and Chromium logs it). */
function allowAuth(status: number, endpoint: string): ProblemFilter {
  const matches = (url: string) => url.startsWith(gateway.url(`/auth/v1/${endpoint}`))
  return {
    allowHttp: (problem: HttpProblem) => problem.status === status && matches(problem.url),
    allowConsole: (entry: ConsoleEntry) => matches(entry.url) && /Failed to load resource: .*\b\d{3}\b/.test(entry.text)
  }
}

function mainHeading(page: Page) {
  return page.getByRole('heading', { level: 1 })
}

async function waitForHeading(page: Page, text: string): Promise<void> {
  await mainHeading(page).filter({ hasText: text }).waitFor()
}

function header(page: Page) {
  return page.getByRole('navigation', { name: 'Navigation principale' })
}

async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert')
  await alert.first().waitFor()
  return normalizeSpace(await alert.first().innerText())
}

/** The link of an e-mail, which goes through the gateway (API_EXTERNAL_URL = origin + /auth/v1). */
function linkOf(mail: SentMail): string {
  if (!mail.link.startsWith(`${gateway.origin}/auth/v1/verify?`)) throw new Error(`unexpected link ${mail.link}`)
  return mail.link
}

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await field(page, 'Adresse e-mail').fill(email)
  await field(page, 'Mot de passe').fill(password)
  await button(page, 'Se connecter').click()
}

/** An account that exists and is confirmed, signed in in a fresh page; lands on /espace. */
async function signedInPage(tt: Parameters<typeof openPage>[1], email: string, options = DESKTOP): Promise<OpenedPage> {
  standIn.createUser({ email, password: PASSWORD })
  const opened = await openPage(browser, tt, options)
  await gotoHydrated(opened.page, gateway.url('/connexion'))
  await signIn(opened.page, email)
  await opened.page.waitForURL(gateway.url('/espace'))
  await greeting(opened.page, email)
  return opened
}

/** Waits for /espace to greet the user with the e-mail the gateway read from the token. */
async function greeting(page: Page, email: string): Promise<string> {
  const text = page.locator('.account__greeting')
  await text.filter({ hasText: email }).waitFor({ state: 'attached' })
  return normalizeSpace((await text.textContent()) ?? '')
}

t.test('sign-up, confirmation link from the e-mail, signed in, /espace greets with the e-mail', async (t) => {
  const email = newEmail('inscription')
  const { page, record } = await openPage(browser, t)
  await gotoHydrated(page, gateway.url('/inscription'))
  t.equal(await headingText(page), 'Créer un compte')
  t.match(normalizeSpace(await page.locator('#signup-password-hint').innerText()), /Au moins 12 caractères/, 'the rule is shown')

  // Client-side checks first: nothing reaches Supabase Auth.
  await button(page, 'Créer mon compte').click()
  t.equal(await field(page, 'Adresse e-mail').getAttribute('aria-invalid'), 'true')
  t.ok(await field(page, 'Adresse e-mail').evaluate((element) => element === document.activeElement), 'focus on the first field to fix')
  await field(page, 'Adresse e-mail').fill(email)
  await field(page, 'Mot de passe').fill('court')
  await field(page, 'Mot de passe, une seconde fois').fill('différent')
  await button(page, 'Créer mon compte').click()
  t.match(normalizeSpace(await page.locator('#signup-password-error').innerText()), /au moins 12 caractères \(5 pour l’instant\)/)
  t.match(normalizeSpace(await page.locator('#signup-confirmation-error').innerText()), /pas identiques/)
  t.match(normalizeSpace(await page.locator('#signup-accept-error').innerText()), /Cochez la case/)
  t.same(await axe(page), [], 'axe: the form with its errors')
  t.notOk(
    standIn.requests.some((request) => request.path === '/signup' && JSON.stringify(request.body ?? null).includes(email)),
    'nothing sent yet'
  )

  await field(page, 'Mot de passe').fill(PASSWORD)
  await field(page, 'Mot de passe, une seconde fois').fill(PASSWORD)
  await page.getByRole('checkbox').check()
  t.equal(await page.getByRole('link', { name: 'politique de confidentialité' }).getAttribute('href'), '/privacy')
  t.equal(await page.getByRole('link', { name: 'conditions générales d’utilisation' }).getAttribute('href'), '/conditions')
  t.match(
    normalizeSpace(await page.locator('label[for="signup-accept"]').innerText()),
    /^J’accepte les conditions générales d’utilisation et j’ai lu la politique de confidentialité\.$/
  )
  await button(page, 'Créer mon compte').click()
  await waitForHeading(page, 'Vérifiez votre boîte mail')
  t.ok(await mainHeading(page).evaluate((element) => element === document.activeElement), 'focus moves to the new heading')
  t.match(normalizeSpace(await page.locator('main').innerText()), email)
  const first = await standIn.waitForMail(email, 'signup')
  t.equal(first.redirectTo, gateway.url('/confirm-email'), 'the link leads back to /confirm-email')
  t.same(standIn.user(email)?.email_confirmed_at, null, 'not confirmed yet')
  t.same(await axe(page), [], 'axe: « Vérifiez votre boîte mail »')

  await button(page, 'Renvoyer l’e-mail de confirmation').click()
  await page.getByRole('status').filter({ hasText: 'un nouvel e-mail vient de partir' }).waitFor()
  const second = standIn.lastMail(email, 'signup')!
  t.not(second.tokenHash, first.tokenHash, 'a new link was sent')

  await page.goto(linkOf(second), { waitUntil: 'load' })
  await waitForHeading(page, 'Adresse e-mail confirmée')
  t.equal(new URL(page.url()).pathname, '/confirm-email')
  t.notMatch(page.url(), /access_token/, 'supabase-js removed the tokens from the address bar')
  t.match(normalizeSpace(await page.locator('main').innerText()), email)
  await header(page).getByRole('link', { name: 'Mon espace' }).waitFor()
  t.ok(standIn.user(email)?.email_confirmed_at, 'confirmed')
  t.ok(
    await inPage(page, `localStorage.getItem(${JSON.stringify(STORAGE_KEY)}) !== null`),
    'the session is stored under sb-<host>-auth-token'
  )

  const sessionCall = page.waitForResponse((response) => response.url() === gateway.url('/api/session'))
  await page.getByRole('link', { name: 'Accéder à mon espace' }).click()
  await page.waitForURL(gateway.url('/espace'))
  const response = await sessionCall
  t.equal(response.status(), 200, 'GET /api/session accepted the access token')
  t.match(response.request().headers().authorization, /^Bearer ey/, 'sent with the access token')
  t.match(await greeting(page, email), `Connecté en tant que ${email}`)
  // The account area is the workspace: a new account has no quote yet.
  await page.getByText('Vous n’avez pas encore de devis.').waitFor()
  t.same(problemsOf(record), [], CLEAN)
})

t.test('a wrong password and an unknown account get the same French message', async (t) => {
  const email = newEmail('mauvais')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t)
  await gotoHydrated(page, gateway.url('/connexion'))
  t.equal(await headingText(page), 'Se connecter')
  await signIn(page, email, 'pas le bon mot de passe')
  t.equal(await alertText(page), 'Adresse e-mail ou mot de passe incorrect.')
  t.equal(new URL(page.url()).pathname, '/connexion', 'still on the sign-in page')
  const refused = page.waitForResponse((response) => response.url().startsWith(gateway.url('/auth/v1/token')))
  await signIn(page, newEmail('inconnu'), PASSWORD)
  t.equal((await refused).status(), 400)
  t.equal(await alertText(page), 'Adresse e-mail ou mot de passe incorrect.')
  t.same(await axe(page), [], 'axe: the error')
  t.same(problemsOf(record, allowAuth(400, 'token')), [], `${CLEAN} (besides the refused sign-ins)`)
})

t.test('an unconfirmed e-mail: explained, and the confirmation can be sent again', async (t) => {
  const email = newEmail('pas-confirme')
  standIn.createUser({ email, password: PASSWORD, confirmed: false })
  const { page, record } = await openPage(browser, t, PHONE)
  await gotoHydrated(page, gateway.url('/connexion'))
  await signIn(page, email)
  t.match(await alertText(page), /n’est pas encore confirmée/)
  await button(page, 'Renvoyer l’e-mail de confirmation').click()
  await page.getByRole('status').filter({ hasText: 'un nouvel e-mail vient de partir' }).waitFor()
  const mail = await standIn.waitForMail(email, 'signup')
  t.equal(mail.redirectTo, gateway.url('/confirm-email'))
  t.same(await axe(page), [], 'axe at 360 px: error and resend')
  t.same(problemsOf(record, allowAuth(400, 'token')), [], `${CLEAN} (besides the refused sign-in)`)
})

t.test('password reset through the e-mail link: weak, then same password explained, then saved', async (t) => {
  const email = newEmail('oubli')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t)
  await gotoHydrated(page, gateway.url('/connexion'))
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
  await page.waitForURL(gateway.url('/mot-de-passe-oublie'))
  await waitForHeading(page, 'Mot de passe oublié')
  await field(page, 'Adresse e-mail de votre compte').fill(email)
  await button(page, 'Recevoir un lien de réinitialisation').click()
  await waitForHeading(page, 'Vérifiez votre boîte mail')
  t.match(normalizeSpace(await page.locator('main').innerText()), `Si un compte existe pour ${email}`)
  const mail = await standIn.waitForMail(email, 'recovery')
  t.equal(mail.redirectTo, gateway.url('/reset-password'))

  await page.goto(linkOf(mail), { waitUntil: 'load' })
  await waitForHeading(page, 'Choisir un nouveau mot de passe')
  await field(page, 'Nouveau mot de passe').waitFor()
  t.match(normalizeSpace(await page.locator('#reset-password-hint').innerText()), /Au moins 12 caractères/)
  t.same(await axe(page), [], 'axe: the new-password form')

  await chooseNewPassword(page, 'court')
  t.match(normalizeSpace(await page.locator('#reset-password-error').innerText()), /au moins 12 caractères/, 'weak: refused before sending')

  await chooseNewPassword(page, PASSWORD)
  t.equal(await alertText(page), 'C’est déjà votre mot de passe actuel : choisissez-en un différent.')

  const fresh = 'un tout nouveau mot de passe'
  await chooseNewPassword(page, fresh)
  await page.waitForURL(gateway.url('/espace'))
  await page.getByRole('status').filter({ hasText: 'Votre nouveau mot de passe est enregistré.' }).waitFor()
  await greeting(page, email)

  // The new password works, the old one no longer does.
  await signOutOfWorkspace(page)
  await page.waitForURL(gateway.url('/connexion'))
  await signIn(page, email, PASSWORD)
  t.equal(await alertText(page), 'Adresse e-mail ou mot de passe incorrect.')
  await signIn(page, email, fresh)
  await page.waitForURL(gateway.url('/espace'))
  await greeting(page, email)
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => allowAuth(422, 'user').allowHttp!(problem) || allowAuth(400, 'token').allowHttp!(problem),
      allowConsole: (entry) => allowAuth(422, 'user').allowConsole!(entry) || allowAuth(400, 'token').allowConsole!(entry)
    }),
    [],
    `${CLEAN} (besides same_password and the old password)`
  )
})

t.test('sign-out from /espace and from the header', async (t) => {
  const email = newEmail('deconnexion')
  const { page, record } = await signedInPage(t, email)
  t.same(await axe(page), [], 'axe: /espace signed in')
  await greeting(page, email)
  t.equal(await page.getByRole('button', { name: 'Se déconnecter' }).count(), 0, 'the menu closed at first')
  const menu = await accountMenu(page)
  t.match(
    normalizeSpace(await menu.innerText()),
    new RegExp(`^Connecté en tant que ${email.replace(/[.+]/g, '\\$&')} Profil Sécurité Équipe Abonnement API Webhooks Se déconnecter$`),
    'the account menu: who is signed in, the settings, « Se déconnecter »'
  )
  t.same(await axe(page), [], 'axe: the account menu open')
  await page.keyboard.press('Escape')
  await menu.waitFor({ state: 'hidden' })
  t.equal(
    await inPage(page, `document.activeElement?.getAttribute('aria-expanded')`),
    'false',
    'Escape closes it, the focus back on « Compte »'
  )
  t.equal(await page.getByRole('button', { name: 'Se déconnecter' }).count(), 0)
  await accountMenu(page)
  t.equal(
    await page.getByRole('button', { name: 'Se déconnecter' }).count(),
    1,
    'one « Se déconnecter » in the workspace, in its account menu'
  )
  t.equal(await page.getByRole('navigation', { name: 'Navigation principale' }).count(), 0, 'no marketing menu in the workspace')
  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click()
  await page.waitForURL(gateway.url('/connexion'))
  await page.getByRole('status').filter({ hasText: 'Vous êtes déconnecté.' }).waitFor()
  await header(page).getByRole('link', { name: 'Connexion' }).waitFor()
  t.equal(await inPage(page, `localStorage.getItem(${JSON.stringify(STORAGE_KEY)})`), null, 'the stored session is gone')
  t.ok(
    standIn.requests.some((request) => request.path === '/logout' && request.query.get('scope') === 'local'),
    'signed out at Supabase Auth (this device)'
  )

  // Signed in again, then out from the header on a public page (full load: header decided after hydration).
  await signIn(page, email)
  await page.waitForURL(gateway.url('/espace'))
  await greeting(page, email)
  await gotoHydrated(page, gateway.url('/tarifs'))
  await header(page).getByRole('link', { name: 'Mon espace' }).waitFor()
  await header(page).getByRole('button', { name: 'Se déconnecter' }).click()
  await page.waitForURL(gateway.url('/connexion'))
  await header(page).getByRole('link', { name: 'Connexion' }).waitFor()
  t.same(problemsOf(record), [], CLEAN)
})

t.test('the header says « Mon espace » after hydration, without a hydration error, on a phone too', async (t) => {
  const email = newEmail('entete')
  const { page, record } = await signedInPage(t, email, PHONE)
  await gotoHydrated(page, gateway.url('/'))
  await header(page).getByRole('link', { name: 'Mon espace' }).waitFor()
  t.equal(await header(page).getByRole('link', { name: 'Connexion' }).count(), 0)
  t.same(await axe(page), [], 'axe at 360 px: header with « Mon espace » and « Se déconnecter »')
  await setMarker(page)
  await header(page).getByRole('link', { name: 'Mon espace' }).click()
  await page.waitForURL(gateway.url('/espace'))
  await greeting(page, email)
  t.equal(await readMarker(page), 1, 'client-side navigation')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('the access token is refreshed through the proxy: the page keeps working after it expires', async (t) => {
  const email = newEmail('rafraichir')
  standIn.settings.accessTokenTtlSeconds = 2
  t.teardown(() => {
    standIn.settings.accessTokenTtlSeconds = 3600
  })
  const refreshesBefore = standIn.grants('refresh_token').length
  const { page, record } = await signedInPage(t, email)
  await new Promise((resolve) => setTimeout(resolve, 2_500))
  // The first token has expired: the next API call gets a fresh one from supabase-js.
  await gotoHydrated(page, gateway.url('/tarifs'))
  const sessionCall = page.waitForResponse((response) => response.url() === gateway.url('/api/session'))
  await header(page).getByRole('link', { name: 'Mon espace' }).click()
  t.equal((await sessionCall).status(), 200, 'GET /api/session with a refreshed token')
  await greeting(page, email)
  const refreshes = standIn.grants('refresh_token').slice(refreshesBefore)
  t.ok(refreshes.length > 0, 'the stand-in saw refresh_token grants')
  t.equal(refreshes[0]?.headers['x-forwarded-for'], '127.0.0.1', 'through the gateway, which set X-Forwarded-For')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('/espace without a session goes to /connexion?redirectTo=%2Fespace, and back after sign-in', async (t) => {
  const email = newEmail('garde')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t)
  const raw = await (await fetch(gateway.url('/espace'))).text()
  t.match(raw, 'Chargement de votre espace…', 'the prerendered page is the neutral loading state')
  t.notMatch(raw, email)
  await page.goto(gateway.url('/espace'), { waitUntil: 'load' })
  await page.waitForURL(gateway.url('/connexion?redirectTo=%2Fespace'))
  await waitForHeading(page, 'Se connecter')
  await page.getByText('Connectez-vous pour accéder à cette page.').waitFor()
  await signIn(page, email)
  await page.waitForURL(gateway.url('/espace'))
  await greeting(page, email)

  // A redirect elsewhere is ignored.
  await signOutOfWorkspace(page)
  await page.waitForURL(gateway.url('/connexion'))
  await gotoHydrated(page, gateway.url('/connexion?redirectTo=%2F%2Fevil.example%2Fpiege'))
  await signIn(page, email)
  await page.waitForURL(gateway.url('/espace'))
  t.pass('//evil.example was not followed')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('an expired or used confirmation link: French explanation and a resend form', async (t) => {
  const email = newEmail('expire')
  const signup = await fetch(gateway.url(`/auth/v1/signup?redirect_to=${encodeURIComponent(gateway.url('/confirm-email'))}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: standIn.anonKey, 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ email, password: PASSWORD })
  })
  t.equal(signup.status, 200)
  const mail = await standIn.waitForMail(email, 'signup')
  standIn.expireLinks(email)
  const { page, record } = await openPage(browser, t, PHONE)
  await page.goto(linkOf(mail), { waitUntil: 'load' })
  await waitForHeading(page, 'Ce lien de confirmation ne fonctionne plus')
  t.match(page.url(), gateway.url('/confirm-email'))
  t.notMatch(page.url(), /error_code/, 'the error left the address bar')
  t.equal(await alertText(page), 'Ce lien n’est plus valable : il a expiré ou a déjà servi.')
  t.same(await axe(page), [], 'axe at 360 px: expired link')
  await field(page, 'Adresse e-mail utilisée pour l’inscription').fill(email)
  await button(page, 'Renvoyer l’e-mail de confirmation').click()
  await page.getByRole('status').filter({ hasText: 'un nouvel e-mail vient de partir' }).waitFor()
  const fresh = standIn.lastMail(email, 'signup')!
  t.not(fresh.tokenHash, mail.tokenHash)

  // The new link works once; the second time it is « already used ».
  await page.goto(linkOf(fresh), { waitUntil: 'load' })
  await waitForHeading(page, 'Adresse e-mail confirmée')
  await page.goto(linkOf(fresh), { waitUntil: 'load' })
  await waitForHeading(page, 'Ce lien de confirmation ne fonctionne plus')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('the other link forms: ?token_hash= (verifyOtp) and ?code= (PKCE) on /confirm-email, token_hash on /reset-password', async (t) => {
  const email = newEmail('token-hash')
  await fetch(gateway.url('/auth/v1/signup'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: standIn.anonKey },
    body: JSON.stringify({ email, password: PASSWORD })
  })
  const mail = await standIn.waitForMail(email, 'signup')
  const { page, record } = await openPage(browser, t)
  await page.goto(gateway.url(`/confirm-email?token_hash=${mail.tokenHash}&type=email`), { waitUntil: 'load' })
  await waitForHeading(page, 'Adresse e-mail confirmée')
  t.equal(page.url(), gateway.url('/confirm-email'), 'the token hash left the address bar')
  t.ok(standIn.user(email)?.email_confirmed_at)

  // PKCE: the flow started in this browser (its code verifier stored as supabase-js does).
  const pkceEmail = newEmail('pkce')
  const { verifier, challenge } = pkcePair()
  const other = await openPage(browser, t)
  await gotoHydrated(other.page, gateway.url('/'))
  await inPage(
    other.page,
    `localStorage.setItem(${JSON.stringify(`${STORAGE_KEY}-code-verifier`)}, ${JSON.stringify(JSON.stringify(verifier))})`
  )
  await fetch(gateway.url(`/auth/v1/signup?redirect_to=${encodeURIComponent(gateway.url('/confirm-email'))}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: standIn.anonKey },
    body: JSON.stringify({ email: pkceEmail, password: PASSWORD, code_challenge: challenge, code_challenge_method: 's256' })
  })
  const pkceMail = await standIn.waitForMail(pkceEmail, 'signup')
  await other.page.goto(linkOf(pkceMail), { waitUntil: 'load' })
  await waitForHeading(other.page, 'Adresse e-mail confirmée')
  t.equal(other.page.url(), gateway.url('/confirm-email'), 'the code left the address bar')
  t.equal(standIn.grants('pkce').length > 0, true, 'the code was exchanged')

  // The same PKCE link in a browser without the verifier: explained.
  const thirdEmail = newEmail('pkce-ailleurs')
  const pair = pkcePair()
  await fetch(gateway.url(`/auth/v1/signup?redirect_to=${encodeURIComponent(gateway.url('/confirm-email'))}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: standIn.anonKey },
    body: JSON.stringify({ email: thirdEmail, password: PASSWORD, code_challenge: pair.challenge, code_challenge_method: 's256' })
  })
  const elsewhere = await openPage(browser, t)
  await elsewhere.page.goto(linkOf(await standIn.waitForMail(thirdEmail, 'signup')), { waitUntil: 'load' })
  await waitForHeading(elsewhere.page, 'La confirmation n’a pas abouti')
  t.match(await alertText(elsewhere.page), /doit être ouvert dans le navigateur où vous avez fait la demande/)

  // Recovery by token hash (a custom e-mail template) on /reset-password.
  await fetch(gateway.url('/auth/v1/recover'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: standIn.anonKey },
    body: JSON.stringify({ email })
  })
  const recovery = await standIn.waitForMail(email, 'recovery')
  await page.goto(gateway.url(`/reset-password?token_hash=${recovery.tokenHash}&type=recovery`), { waitUntil: 'load' })
  await field(page, 'Nouveau mot de passe').waitFor()
  t.same(problemsOf(record), [], CLEAN)
  t.same(problemsOf(other.record), [], CLEAN)
  t.same(problemsOf(elsewhere.record), [], CLEAN)
})

t.test('a recovery link that falls back to the home page opens /reset-password (PASSWORD_RECOVERY)', async (t) => {
  const email = newEmail('accueil')
  standIn.createUser({ email, password: PASSWORD })
  // A redirect outside the allow list: Supabase Auth sends the visitor to SITE_URL instead.
  await fetch(gateway.url(`/auth/v1/recover?redirect_to=${encodeURIComponent('https://ailleurs.example/reset')}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: standIn.anonKey },
    body: JSON.stringify({ email })
  })
  const mail = await standIn.waitForMail(email, 'recovery')
  t.equal(mail.redirectTo, gateway.origin)
  const { page, record } = await openPage(browser, t)
  await page.goto(linkOf(mail), { waitUntil: 'load' })
  await page.waitForURL((url) => url.pathname === '/reset-password')
  await field(page, 'Nouveau mot de passe').waitFor()
  t.match(normalizeSpace(await page.locator('main').innerText()), email)
  t.same(problemsOf(record), [], CLEAN)
})

t.test('without an auth server, the account pages work on the embedded accounts (no « not configured »)', async (t) => {
  const bare = await startGateway()
  t.teardown(() => bare.close())
  const { page, record } = await openPage(browser, t)
  for (const path of ['/connexion', '/inscription', '/mot-de-passe-oublie']) {
    await gotoHydrated(page, bare.url(path))
    t.equal(await page.getByText('Les comptes ne sont pas configurés sur cette instance').count(), 0, `${path}: no « not configured »`)
    t.notOk(await page.locator('button[type="submit"]').first().isDisabled(), `${path}: the form can be sent`)
  }
  t.same(problemsOf(record), [], CLEAN)
})

t.test('public pages do not load supabase-js without a session; they do with one', async (t) => {
  const manifest = JSON.parse(await readFile(path.join(DEFAULT_SITE_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >
  const entry = Object.entries(manifest).find(([source]) => source.includes('@supabase/supabase-js'))
  t.ok(entry, 'supabase-js has its own chunk')
  const chunk = `/${entry![1].file}`
  const home = await (await fetch(gateway.url('/'))).text()
  t.notMatch(home, chunk, 'the home page does not preload it')

  const requested = (page: Page) => {
    const scripts: string[] = []
    page.on('request', (request) => void scripts.push(new URL(request.url()).pathname))
    return scripts
  }
  const { page, record } = await openPage(browser, t)
  const scripts = requested(page)
  await gotoHydrated(page, gateway.url('/'))
  await new Promise((resolve) => setTimeout(resolve, 1_200))
  t.notOk(scripts.includes(chunk), 'not loaded on / without a session')
  t.same(problemsOf(record), [], CLEAN)

  const email = newEmail('chargement')
  const signedIn = await signedInPage(t, email)
  const later = requested(signedIn.page)
  await gotoHydrated(signedIn.page, gateway.url('/fonctionnalites'))
  await header(signedIn.page).getByRole('link', { name: 'Mon espace' }).waitFor()
  await waitForExpression(signedIn.page, 'true')
  await new Promise((resolve) => setTimeout(resolve, 500))
  t.ok(later.includes(chunk), 'loaded after hydration when a session is stored (to keep it fresh)')
  t.same(problemsOf(signedIn.record), [], CLEAN)
})
