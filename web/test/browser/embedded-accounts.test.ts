// The account pages on the embedded default (no auth server: the gateway's own /auth/v1), in
// Chromium, on PGlite and on PostgreSQL: sign-up → link from the local mailbox → /confirm-email →
// /espace; a wrong password; an unconfirmed address; a password reset; sign-out; a short access
// token refreshed by supabase-js. The same pages as with GoTrue (auth.test.ts), no stand-in.
import t from 'tap'
import type { Page } from 'playwright-core'
import { ENGINES } from '../../../gateway/test/support/databases.js'
import {
  button,
  chooseNewPassword,
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
  type ProblemFilter,
  problemsOf,
  sharedBrowser,
  signOutOfWorkspace,
  startEmbeddedGateway
} from './harness.js'

const PASSWORD = 'une phrase de passe solide'
const browser = await sharedBrowser(t)
const newEmail = emailFactory()

const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1 }).filter({ hasText: text }).waitFor()

async function alertText(page: Page): Promise<string> {
  await page.getByRole('alert').first().waitFor()
  return normalizeSpace(await page.getByRole('alert').first().innerText())
}

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await field(page, 'Adresse e-mail').fill(email)
  await field(page, 'Mot de passe').fill(password)
  await button(page, 'Se connecter').click()
}

async function greeting(page: Page, email: string): Promise<void> {
  await page.locator('.account__greeting').filter({ hasText: email }).waitFor({ state: 'attached' })
}

/** Expected refusals of the auth API (Chromium logs a 400 as a failed resource). */
function allowAuth(gateway: Gateway, statuses: number[]): ProblemFilter {
  const matches = (url: string) => url.startsWith(gateway.url('/auth/v1/'))
  return {
    allowHttp: (problem: HttpProblem) => statuses.includes(problem.status) && matches(problem.url),
    allowConsole: (entry: ConsoleEntry) => matches(entry.url) && /Failed to load resource: .*\b\d{3}\b/.test(entry.text)
  }
}

/** Signs up in the browser and confirms from the local mailbox; ends on /espace. */
async function signUpAndConfirm(page: Page, gateway: Gateway, email: string): Promise<void> {
  await gotoHydrated(page, gateway.url('/inscription'))
  await field(page, 'Adresse e-mail').fill(email)
  await field(page, 'Mot de passe').fill(PASSWORD)
  await field(page, 'Mot de passe, une seconde fois').fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await button(page, 'Créer mon compte').click()
  await heading(page, 'Vérifiez votre boîte mail')
  await page.goto(await mailboxLink(gateway.origin, email, '/confirm-email'), { waitUntil: 'load' })
  await heading(page, 'Adresse e-mail confirmée')
  await page.getByRole('link', { name: 'Accéder à mon espace' }).click()
  await page.waitForURL(gateway.url('/espace'))
  await greeting(page, email)
}

for (const engine of ENGINES) {
  t.test(engine, async (t) => {
    const gateway = await startEmbeddedGateway(t, engine)

    t.test('sign-up, the link from the local mailbox, /confirm-email, /espace', async (t) => {
      const email = newEmail('inscription')
      const { page, record } = await openPage(browser, t)
      const sessionCall = page.waitForResponse((response) => response.url() === gateway.url('/api/session'))
      await signUpAndConfirm(page, gateway, email)
      t.equal((await sessionCall).status(), 200, '/api accepted the embedded access token')
      await page.getByText('Vous n’avez pas encore de devis.').waitFor()
      t.same(problemsOf(record), [], CLEAN)
    })

    t.test('wrong password and unknown address: one message; unconfirmed: explained', async (t) => {
      const email = newEmail('mauvais')
      const { page, record } = await openPage(browser, t)
      await signUpAndConfirm(page, gateway, email)
      await signOutOfWorkspace(page)
      await page.waitForURL(gateway.url('/connexion'))
      await signIn(page, email, 'pas le bon mot de passe')
      t.equal(await alertText(page), 'Adresse e-mail ou mot de passe incorrect.')
      await signIn(page, newEmail('inconnu'), PASSWORD)
      t.equal(await alertText(page), 'Adresse e-mail ou mot de passe incorrect.')

      // An address signed up in another browser and never confirmed.
      const pending = newEmail('pas-confirme')
      const other = await openPage(browser, t)
      await gotoHydrated(other.page, gateway.url('/inscription'))
      await field(other.page, 'Adresse e-mail').fill(pending)
      await field(other.page, 'Mot de passe').fill(PASSWORD)
      await field(other.page, 'Mot de passe, une seconde fois').fill(PASSWORD)
      await other.page.getByRole('checkbox').check()
      await button(other.page, 'Créer mon compte').click()
      await heading(other.page, 'Vérifiez votre boîte mail')
      const firstLink = await mailboxLink(gateway.origin, pending, '/confirm-email')
      await gotoHydrated(page, gateway.url('/connexion'))
      await signIn(page, pending)
      t.match(await alertText(page), /n’est pas encore confirmée/)
      t.same(problemsOf(record, allowAuth(gateway, [400])), [], `${CLEAN} (besides the refused sign-ins)`)
      t.ok(firstLink, 'the confirmation is in the mailbox')
    })

    t.test('password reset from the mailbox link, then the new password signs in', async (t) => {
      const email = newEmail('oubli')
      const { page, record } = await openPage(browser, t)
      await signUpAndConfirm(page, gateway, email)
      await signOutOfWorkspace(page)
      await page.waitForURL(gateway.url('/connexion'))
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
      await page.waitForURL(gateway.url('/mot-de-passe-oublie'))
      await field(page, 'Adresse e-mail de votre compte').fill(email)
      await button(page, 'Recevoir un lien de réinitialisation').click()
      await heading(page, 'Vérifiez votre boîte mail')
      await page.goto(await mailboxLink(gateway.origin, email, '/reset-password'), { waitUntil: 'load' })
      await heading(page, 'Choisir un nouveau mot de passe')
      await chooseNewPassword(page, PASSWORD)
      t.equal(await alertText(page), 'C’est déjà votre mot de passe actuel : choisissez-en un différent.')
      const fresh = 'un tout nouveau mot de passe'
      await chooseNewPassword(page, fresh)
      await page.waitForURL(gateway.url('/espace'))
      await page.getByRole('status').filter({ hasText: 'Votre nouveau mot de passe est enregistré.' }).waitFor()
      await signOutOfWorkspace(page)
      await page.waitForURL(gateway.url('/connexion'))
      await page.getByRole('status').filter({ hasText: 'Vous êtes déconnecté.' }).waitFor()
      await signIn(page, email, PASSWORD)
      t.equal(await alertText(page), 'Adresse e-mail ou mot de passe incorrect.')
      await signIn(page, email, fresh)
      await page.waitForURL(gateway.url('/espace'))
      await greeting(page, email)
      t.same(problemsOf(record, allowAuth(gateway, [400, 422])), [], `${CLEAN} (besides same_password and the old password)`)
    })

    t.test('a 2-second access token is refreshed by supabase-js: /espace keeps working', async (t) => {
      const short = await startEmbeddedGateway(t, engine, { accounts: { accessTokenTtlSeconds: 2 } })
      const email = newEmail('rafraichir')
      const { page, record } = await openPage(browser, t)
      await signUpAndConfirm(page, short, email)
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      const refreshed = page.waitForResponse((response) => response.url().startsWith(short.url('/auth/v1/token?grant_type=refresh_token')))
      await gotoHydrated(page, short.url('/tarifs'))
      const sessionCall = page.waitForResponse((response) => response.url() === short.url('/api/session'))
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mon espace' }).click()
      t.equal((await refreshed).status(), 200, 'a refresh_token grant')
      t.equal((await sessionCall).status(), 200, '/api/session with the refreshed token')
      await greeting(page, email)
      t.same(problemsOf(record), [], CLEAN)
    })
  })
}
