// Two-factor sign-in in Chromium, at 1 280 and 360 px, axe clean: with the embedded accounts (the
// TOTP factor, recovery codes, the open sessions) and through the auth proxy against the GoTrue
// stand-in's MFA endpoints (the same web code on Supabase Auth's API; there the gateway keeps the
// recovery codes, and one used removes the authenticator, which « Sécurité » then says). Codes are
// computed here from the secret the page shows, as an authenticator app would.
import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { Secret, TOTP } from 'otpauth'
import {
  axeBothWidths,
  button,
  CLEAN,
  type ConsoleEntry,
  emailFactory,
  field,
  type Gateway,
  gotoHydrated,
  type HttpProblem,
  mailboxLink,
  normalizeSpace,
  openPage,
  openSettings,
  type ProblemFilter,
  problemsOf,
  sharedBrowser,
  signOutOfWorkspace,
  startAuthStack,
  startEmbeddedGateway
} from './harness.js'

const PASSWORD = 'une phrase de passe solide'
const newEmail = emailFactory()

/** The code an authenticator app shows for `secret`, `ahead` steps of 30 s from now. */
const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 })

const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1 }).filter({ hasText: text }).waitFor()
const greeting = (page: Page, email: string) => page.locator('.account__greeting').filter({ hasText: email }).waitFor({ state: 'attached' })

async function signInWithPassword(page: Page, gateway: Gateway, email: string): Promise<void> {
  await gotoHydrated(page, gateway.url('/connexion'))
  await field(page, 'Adresse e-mail').fill(email)
  await field(page, 'Mot de passe').fill(PASSWORD)
  await button(page, 'Se connecter').click()
  await page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor()
}

async function enterCode(page: Page, gateway: Gateway, label: string, code: string): Promise<void> {
  await field(page, label).fill(code)
  await button(page, 'Valider').click()
  await page.waitForURL(gateway.url('/espace'))
}

/** Turns the factor on from « Sécurité »; returns the secret read from the page. */
async function enrol(t: Test, page: Page): Promise<string> {
  await openSettings(page, 'Sécurité')
  await heading(page, 'Sécurité')
  await button(page, 'Activer la double authentification').click()
  const secret = normalizeSpace(await page.locator('#security-secret').innerText())
  t.match(secret, /^[A-Z2-7]{32}$/, 'the key to type by hand is on the page')
  t.match(await page.getByRole('img', { name: /QR code/ }).getAttribute('src'), /^data:image\/svg\+xml/, 'the QR code, an SVG data URI')
  await axeBothWidths(t, page, 'enrolment (QR code and key)')
  await field(page, 'Code affiché par l’application').fill(codeOf(secret))
  await button(page, 'Activer').click()
  await page.getByText('La double authentification est activée').waitFor()
  return secret
}

/** Refusals the flows provoke on purpose (a closed session's request). */
function allow(gateway: Gateway, status: number, prefix: string): ProblemFilter {
  const matches = (url: string) => url.startsWith(gateway.url(prefix))
  return {
    allowHttp: (problem: HttpProblem) => problem.status === status && matches(problem.url),
    allowConsole: (entry: ConsoleEntry) => matches(entry.url) && /Failed to load resource: .*\b\d{3}\b/.test(entry.text)
  }
}

t.test('embedded accounts: enrol, password then code, a recovery code, closing another session', async (t) => {
  const browser = await sharedBrowser(t)
  const gateway = await startEmbeddedGateway(t, 'pglite')
  const email = newEmail('deux-facteurs')
  const { page, record } = await openPage(browser, t)

  await gotoHydrated(page, gateway.url('/inscription'))
  await field(page, 'Adresse e-mail').fill(email)
  await field(page, 'Mot de passe').fill(PASSWORD)
  await field(page, 'Mot de passe, une seconde fois').fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await button(page, 'Créer mon compte').click()
  await heading(page, 'Vérifiez votre boîte mail')
  await page.goto(await mailboxLink(gateway.origin, email, '/confirm-email'), { waitUntil: 'load' })
  await page.getByRole('link', { name: 'Accéder à mon espace' }).click()
  await page.waitForURL(gateway.url('/espace'))
  await greeting(page, email)

  const secret = await enrol(t, page)
  const codes = await page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem').allInnerTexts()
  t.equal(codes.length, 10, 'ten recovery codes, shown once')
  await axeBothWidths(t, page, 'recovery codes')
  await button(page, 'J’ai noté mes codes').click()
  t.match(normalizeSpace(await page.locator('#security-two-factor').locator('..').innerText()), /Codes de secours restants : 10 sur 10/)

  await signOutOfWorkspace(page)
  await page.waitForURL(gateway.url('/connexion'))
  await signInWithPassword(page, gateway, email)
  await axeBothWidths(t, page, 'the sign-in’s code step')
  await enterCode(page, gateway, 'Code de vérification', codeOf(secret, 1))
  await greeting(page, email)

  await signOutOfWorkspace(page)
  await page.waitForURL(gateway.url('/connexion'))
  await signInWithPassword(page, gateway, email)
  await button(page, 'Utiliser un code de secours').click()
  await enterCode(page, gateway, 'Code de secours', codes[0] ?? '')
  await greeting(page, email)
  const mailbox = await (await fetch(gateway.url(`/dev/boite-mail?to=${encodeURIComponent(email)}`))).text()
  t.match(mailbox, /Code de secours utilisé/, 'the recovery code’s use is e-mailed')

  // A second device, signed in with another recovery code, then closed from the first one.
  const phone = await openPage(browser, t, {
    viewport: { width: 360, height: 740 },
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
  })
  await signInWithPassword(phone.page, gateway, email)
  await button(phone.page, 'Utiliser un code de secours').click()
  await enterCode(phone.page, gateway, 'Code de secours', codes[1] ?? '')

  await openSettings(page, 'Sécurité')
  await heading(page, 'Sécurité')
  await page.getByText('Codes de secours restants : 8 sur 10').waitFor()
  const close = page.getByRole('button', { name: /^Se déconnecter de cet appareil : Chrome sur Android/ })
  await close.waitFor()
  await page.getByText('Cet appareil', { exact: true }).waitFor()
  await axeBothWidths(t, page, 'the open sessions')
  await close.click()
  await page.getByText(/est fermée : sa prochaine requête sera refusée/).waitFor()

  const refused = phone.page.waitForResponse((response) => response.url().startsWith(gateway.url('/api/')))
  await phone.page.getByRole('navigation', { name: 'Espace professionnel' }).getByRole('link', { name: 'Clients' }).click()
  t.equal((await refused).status(), 401, 'the closed session’s next request is refused')

  t.same(problemsOf(record), [], CLEAN)
  t.same(problemsOf(phone.record, allow(gateway, 401, '/api/')), [], `${CLEAN} (besides the refused request)`)
})

t.test(
  'through the proxy to the GoTrue stand-in: the same pages on Supabase Auth’s MFA API, recovery codes kept by the gateway',
  async (t) => {
    const { standIn, gateway, browser } = await startAuthStack(
      t,
      'two-factor-tests-jwt-secret-0123456789-abcd',
      {},
      { sharedDatabase: true }
    )
    const email = newEmail('supabase')
    standIn.createUser({ email, password: PASSWORD })
    const { page, record } = await openPage(browser, t)
    await gotoHydrated(page, gateway.url('/connexion'))
    await field(page, 'Adresse e-mail').fill(email)
    await field(page, 'Mot de passe').fill(PASSWORD)
    await button(page, 'Se connecter').click()
    await page.waitForURL(gateway.url('/espace'))
    await greeting(page, email)

    const secret = await enrol(t, page)
    // GoTrue has none: the gateway keeps them, beside GoTrue's tables in the shared database.
    const codes = await page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem').allInnerTexts()
    t.equal(codes.length, 10, 'ten recovery codes, shown once')
    await button(page, 'J’ai noté mes codes').click()
    await page.getByText('Codes de secours restants : 10 sur 10').waitFor()
    // GoTrue lists no sessions: the gateway reads them from its tables, this browser marked.
    await page.getByRole('region', { name: 'Sessions ouvertes' }).getByText('Cet appareil').waitFor()
    await axeBothWidths(t, page, 'Sécurité through the proxy')

    await signOutOfWorkspace(page)
    await page.waitForURL(gateway.url('/connexion'))
    await signInWithPassword(page, gateway, email)
    await enterCode(page, gateway, 'Code de vérification', codeOf(secret, 1))
    await greeting(page, email)
    const verify = standIn.requests.filter((request) => /^\/factors\/[^/]+\/verify$/.test(request.path))
    t.equal(verify.length, 2, 'both codes went to Supabase Auth’s /factors/{id}/verify')

    // The authenticator lost: a recovery code after the password.
    await signOutOfWorkspace(page)
    await page.waitForURL(gateway.url('/connexion'))
    await signInWithPassword(page, gateway, email)
    await button(page, 'Utiliser un code de secours').click()
    await field(page, 'Code de secours').fill('aaaaa-bbbbb')
    await button(page, 'Valider').click()
    await page.getByText('Ce code de secours ne convient pas, ou il a déjà servi.').waitFor()
    await field(page, 'Code de secours').fill(codes[0] ?? '')
    await button(page, 'Valider').click()
    await page.waitForURL(gateway.url('/espace/securite'))
    await greeting(page, email)
    await page.getByText('Votre application d’authentification a été retirée du compte').waitFor()
    t.match(
      normalizeSpace(await page.locator('#security-two-factor').locator('..').innerText()),
      /un code de secours a servi à vous connecter le .+ Activez à nouveau la double authentification/,
      '« Sécurité » says the factor was removed and invites to turn it on again'
    )
    await axeBothWidths(t, page, 'Sécurité after a recovery code removed the factor')
    t.equal(
      standIn.requests.filter((request) => request.method === 'DELETE' && request.path.startsWith('/factors/')).length,
      0,
      'removed in GoTrue’s table, as an administrator does, not through its API'
    )

    // Turned on again (new codes), then off with a current code.
    const again = await enrol(t, page)
    t.equal(await page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem').count(), 10, 'new recovery codes')
    await button(page, 'J’ai noté mes codes').click()
    await button(page, 'Désactiver…').click()
    await field(page, 'Code actuel de votre application').fill(codeOf(again, 1))
    await button(page, 'Désactiver la double authentification').click()
    await page.getByText('La double authentification est désactivée').waitFor()
    t.equal(standIn.requests.filter((request) => request.method === 'DELETE' && request.path.startsWith('/factors/')).length, 1)
    t.same(
      problemsOf(record, allow(gateway, 422, '/auth/v1/paraphe/recovery-codes/verify')),
      [],
      `${CLEAN} (besides the wrong code refused)`
    )
  }
)
