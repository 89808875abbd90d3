// Paid plans in a real browser, end to end: Chromium → the gateway (Stripe's official client
// pointed at the loopback stand-in, GoTrue stand-in for accounts). A visitor picks Pro on
// /tarifs, signs up, confirms the address from the e-mail, comes back to the checkout, pays on
// the stand-in's checkout page, returns to /success which waits for the webhook and then shows
// Pro active; /espace/abonnement shows the plan. Without Stripe keys /tarifs says that online
// payment is not configured. No console error, no hydration error, axe-clean.
import t from 'tap'
import type { Page, Route } from 'playwright-core'
import { buildApp } from '../../../gateway/test/helper.js'
import { startGoTrueStandIn } from '../../../gateway/test/support/gotrue-stand-in.js'
import { startStripeStandIn, type SignedEvent } from '../../../gateway/test/support/stripe-stand-in.js'
import {
  accountMenu,
  axe,
  BUSY_MACHINE_WAIT_MS,
  DEFAULT_SITE_DIR,
  gotoHydrated,
  normalizeSpace,
  openPage,
  problemsOf,
  sharedBrowser,
  startGateway
} from './harness.js'
import { freePort } from '../../../gateway/test/support/free-port.js'

const SECRET = 'billing-tests-jwt-secret-0123456789-abcdefgh'
const PASSWORD = 'une phrase de passe solide'
const CLEAN = 'no console error, hydration error, page error or failed request'

const standIn = await startGoTrueStandIn({ jwtSecret: SECRET })
t.teardown(() => standIn.close())
const stripe = await startStripeStandIn()
t.teardown(() => stripe.close())

const AUTH = {
  SITE_DIR: DEFAULT_SITE_DIR,
  AUTH_UPSTREAM_URL: standIn.url,
  SUPABASE_ANON_KEY: standIn.anonKey,
  SUPABASE_JWT_SECRET: SECRET,
  AUTH_RATE_LIMIT_PER_MINUTE: '10000'
}
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const app = await buildApp(
  {
    ...AUTH,
    PUBLIC_URL: origin,
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PRICE_PRO_MONTH: 'price_pro_month',
    STRIPE_PRICE_PRO_YEAR: 'price_pro_year',
    STRIPE_PRICE_ENTREPRISE_MONTH: 'price_entreprise_month',
    STRIPE_PRICE_ENTREPRISE_YEAR: 'price_entreprise_year'
  },
  { stripe: stripe.client }
)
t.teardown(() => app.close())
await app.listen({ host: '127.0.0.1', port })
standIn.serveSite(origin)
const url = (path: string) => new URL(path, origin).href

// The same site without Stripe keys (the embedded default).
const unpaid = await startGateway({ ...AUTH })
t.teardown(() => unpaid.close())

const browser = await sharedBrowser(t)

/** Posts signed events to the webhook as Stripe does (over HTTP, raw body). */
async function deliver(events: readonly SignedEvent[]): Promise<void> {
  for (const signed of events) {
    const response = await fetch(url('/api/billing/webhook'), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature },
      body: signed.payload
    })
    if (response.status !== 200) throw new Error(`webhook refused ${signed.event.type}: ${await response.text()}`)
  }
}

/**
 * Stripe's hosted checkout page, played by the test: a page with a « Payer » button whose form
 * returns to the session's success_url, with `{CHECKOUT_SESSION_ID}` filled in as Stripe does.
 * The session is not paid yet on return: the webhook comes when the test says so.
 */
async function serveCheckoutPage(page: Page, paid: string[]): Promise<void> {
  await page.route(`${stripe.url}/c/pay/**`, async (route: Route) => {
    const request = route.request()
    const sessionId = new URL(request.url()).pathname.split('/').at(-1) ?? ''
    if (request.method() === 'GET') {
      const session = await stripe.client.checkout.sessions.retrieve(sessionId)
      return route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="fr"><title>Paiement</title><main><h1>Payer ${session.id}</h1><form method="post"><button>Payer</button></form></main></html>`
      })
    }
    const session = await stripe.client.checkout.sessions.retrieve(sessionId)
    paid.push(sessionId)
    return route.fulfill({ status: 303, headers: { location: (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId) } })
  })
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })

t.test('a visitor picks Pro yearly, signs up, pays, and sees Pro active once the webhook landed', async (t) => {
  const email = `abonne-${Date.now().toString(36)}@example.fr`
  const { page, record } = await openPage(browser, t)
  const paid: string[] = []
  await serveCheckoutPage(page, paid)

  await gotoHydrated(page, url('/tarifs'))
  await page.getByRole('button', { name: 'Annuel', exact: true }).click()
  await page.getByRole('button', { name: 'Choisir Pro', exact: true }).click()
  await page.waitForURL(url('/inscription?redirectTo=%2Ftarifs%3Fplan%3Dpro%26interval%3Dyear'))
  await heading(page).filter({ hasText: 'Créer un compte' }).waitFor()

  await page.getByLabel('Adresse e-mail', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Mot de passe, une seconde fois', { exact: true }).fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Créer mon compte', exact: true }).click()
  await heading(page).filter({ hasText: 'Vérifiez votre boîte mail' }).waitFor()
  const mail = await standIn.waitForMail(email, 'signup')
  t.equal(mail.redirectTo, url('/confirm-email?redirectTo=%2Ftarifs%3Fplan%3Dpro%26interval%3Dyear'), 'the choice rides in the e-mail link')

  await page.goto(mail.link, { waitUntil: 'load' })
  await heading(page).filter({ hasText: 'Adresse e-mail confirmée' }).waitFor()
  await page.getByRole('link', { name: 'Continuer', exact: true }).click()

  // /tarifs resumes the checkout and leaves for Stripe's page.
  await page.waitForURL((address) => address.href.startsWith(`${stripe.url}/c/pay/cs_test_`))
  const created = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)
  t.match(created?.params, { mode: 'subscription', 'line_items[0][price]': 'price_pro_year', locale: 'fr' }, 'Pro, yearly')
  t.equal(created?.params['success_url'], url('/success?session_id={CHECKOUT_SESSION_ID}'))

  await page.getByRole('button', { name: 'Payer' }).click()
  await page.waitForURL((address) => address.pathname === '/success')
  t.equal(paid.length, 1)
  const sessionId = paid[0]!
  t.equal(new URL(page.url()).searchParams.get('session_id'), sessionId)
  await heading(page).filter({ hasText: 'Paiement en cours de confirmation…' }).waitFor()
  // The plan's name appears once the gateway has answered (the heading shows before).
  await page
    .locator('main')
    .getByText(/pour la formule Pro/)
    .waitFor()
  t.match(normalizeSpace(await page.locator('main').innerText()), /pour la formule Pro/)
  t.same(await axe(page), [], 'axe: waiting for the confirmation')

  // Stripe's webhook arrives a moment later; the page sees it on its own.
  await deliver(stripe.completeSession(sessionId))
  await heading(page).filter({ hasText: 'Formule Pro active' }).waitFor({ timeout: BUSY_MACHINE_WAIT_MS })
  t.same(await axe(page), [], 'axe: Pro active')

  await page.getByRole('link', { name: 'Voir mon abonnement', exact: true }).click()
  await page.waitForURL(url('/espace/abonnement'))
  await page.getByRole('heading', { name: 'Formule Pro', exact: true }).waitFor()
  const main = normalizeSpace(await page.locator('main').innerText())
  t.match(main, /Annuelle|Mensuelle/)
  t.match(main, /Renouvelé le \d{1,2} \p{L}+ \d{4}/u, 'the renewal date, in French')
  t.match(main, /0 devis envoyé ce mois-ci \(illimité\)/)
  t.ok(await page.getByRole('button', { name: 'Gérer mon abonnement' }).isVisible())
  t.equal(await (await accountMenu(page)).getByRole('link', { name: 'Abonnement' }).getAttribute('aria-current'), 'page')
  t.same(await axe(page), [], 'axe: the subscription page')

  // Back on /tarifs, the plan paid for is « Votre formule », and another paid plan is changed from
  // the subscription page, never started as a second checkout (which the gateway refuses).
  await gotoHydrated(page, url('/tarifs'))
  const pro = page.getByRole('article', { name: 'Pro', exact: true })
  await pro.getByText('Votre formule').waitFor()
  t.equal(await pro.getByRole('link', { name: 'Gérer mon abonnement' }).getAttribute('href'), '/espace/abonnement')
  t.equal(
    await page
      .getByRole('article', { name: 'Entreprise', exact: true })
      .getByRole('link', { name: 'Passer à Entreprise' })
      .getAttribute('href'),
    '/espace/abonnement'
  )
  t.equal(await page.getByRole('button', { name: /^Choisir / }).count(), 0, 'no checkout offered to a paying account')

  t.same(problemsOf(record), [], CLEAN)
})

t.test('an e-mail link without the choice (the production templates) still leads back to the checkout', async (t) => {
  const email = `entreprise-${Date.now().toString(36)}@example.fr`
  const { page, record } = await openPage(browser, t)
  await gotoHydrated(page, url('/tarifs'))
  await page.getByRole('button', { name: 'Choisir Entreprise', exact: true }).click()
  await page.waitForURL(url('/inscription?redirectTo=%2Ftarifs%3Fplan%3Dentreprise%26interval%3Dmonth'))
  await page.getByLabel('Adresse e-mail', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Mot de passe, une seconde fois', { exact: true }).fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Créer mon compte', exact: true }).click()
  await heading(page).filter({ hasText: 'Vérifiez votre boîte mail' }).waitFor()
  const mail = await standIn.waitForMail(email, 'signup')

  // The gateway's French templates link to /confirm-email?token_hash=… without redirectTo.
  await page.goto(url(`/confirm-email?token_hash=${mail.tokenHash}&type=email`), { waitUntil: 'load' })
  await heading(page).filter({ hasText: 'Adresse e-mail confirmée' }).waitFor()
  await page.getByRole('link', { name: 'Continuer', exact: true }).click()
  await page.waitForURL((address) => address.href.startsWith(`${stripe.url}/c/pay/cs_test_`))
  const created = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)
  t.match(created?.params, { 'line_items[0][price]': 'price_entreprise_month' }, 'Entreprise, monthly')
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => problem.url.startsWith(stripe.url),
      allowConsole: (entry) => entry.url.startsWith(stripe.url)
    }),
    [],
    CLEAN
  )
})

t.test('/success with an unknown session says so in French; signed out, it asks to sign in first', async (t) => {
  const { page, record } = await openPage(browser, t)
  await gotoHydrated(page, url('/success?session_id=cs_test_inconnu'))
  await heading(page).filter({ hasText: 'Connectez-vous pour voir votre paiement' }).waitFor()
  t.equal(
    await page.getByRole('link', { name: 'Se connecter', exact: true }).last().getAttribute('href'),
    '/connexion?redirectTo=%2Fsuccess%3Fsession_id%3Dcs_test_inconnu'
  )

  const email = `curieux-${Date.now().toString(36)}@example.fr`
  standIn.createUser({ email, password: PASSWORD })
  await page.getByRole('main').getByRole('link', { name: 'Se connecter', exact: true }).click()
  await page.getByLabel('Adresse e-mail', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await page.waitForURL(url('/success?session_id=cs_test_inconnu'))
  await heading(page).filter({ hasText: 'Paiement introuvable' }).waitFor()
  t.match(normalizeSpace(await page.getByRole('alert').innerText()), /\p{L}/u, 'the gateway’s French message')
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => problem.status === 404 && problem.url.startsWith(url('/api/billing/checkout/')),
      allowConsole: (entry) => entry.url.startsWith(url('/api/billing/checkout/')) && /\b404\b/.test(entry.text)
    }),
    [],
    CLEAN
  )
})

t.test('without Stripe keys, /tarifs says online payment is not configured', async (t) => {
  const { page, record } = await openPage(browser, t)
  await gotoHydrated(page, unpaid.url('/tarifs'))
  await page.getByRole('button', { name: 'Choisir Pro', exact: true }).click()
  await page.getByText('Le paiement en ligne n’est pas configuré sur cette instance.').waitFor()
  t.equal(new URL(page.url()).pathname, '/tarifs', 'the visitor stays on the plans')
  t.same(await axe(page), [], 'axe: the notice')
  t.same(problemsOf(record), [], CLEAN)
})
