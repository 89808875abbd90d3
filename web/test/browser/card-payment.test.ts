// Card payment of an invoice in Chromium (issue 38), against the Stripe stand-in and a real
// in-process SMTP server. The professional connects their Stripe account from the settings
// (Stripe's onboarding page, then back); a deposit invoice goes out by e-mail; on a 360 px phone
// the client opens the e-mail's « Payer par carte » link, copies the transfer details (read back
// from the clipboard), finds the QR code one tap away, pays on the stand-in's checkout, and comes
// back to « Payée »; the professional's invoice page shows the card payment nobody typed.
import t from 'tap'
import type { Page } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { Quote } from '@paraphe/shared/quote'
import { freePort } from '../../../gateway/test/support/free-port.js'
import { startGoTrueStandIn } from '../../../gateway/test/support/gotrue-stand-in.js'
import { startSmtpServer } from '../../../gateway/test/support/smtp-server.js'
import { startStripeStandIn } from '../../../gateway/test/support/stripe-stand-in.js'
import { COMPLETE_PROFILE, completeContent } from '../../../gateway/test/support/workspace-users.js'
import { cardEnv } from '../../../gateway/test/invoices/support/card-payment-app.js'
import {
  axe,
  BUSY_MACHINE_WAIT_MS,
  button,
  CLEAN,
  DESKTOP,
  normalizeSpace,
  openPage,
  PHONE,
  problemsOf,
  sharedBrowser,
  startGateway
} from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'

// Issuing builds the Factur-X PDF in a worker: minutes on a busy 2-core machine.
t.setTimeout(600_000)
const SECRET = 'card-payment-tests-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'
const today = parisIsoDate(new Date())

const smtp = await startSmtpServer()
t.teardown(() => smtp.stop())
const stripe = await startStripeStandIn()
t.teardown(() => stripe.close())
const auth = await startGoTrueStandIn({ jwtSecret: SECRET })
t.teardown(() => auth.close())
const port = await freePort()
const gateway = await startGateway(
  {
    ...cardEnv(stripe),
    AUTH_UPSTREAM_URL: auth.url,
    SUPABASE_ANON_KEY: auth.anonKey,
    SUPABASE_JWT_SECRET: SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url
  },
  port,
  { stripe: stripe.client }
)
t.teardown(() => gateway.close())
auth.serveSite(gateway.origin)
// Stripe delivers the connected account's events to the gateway's Connect endpoint.
stripe.setConnectWebhookUrl(gateway.url('/api/billing/connect-webhook'))
const browser = await sharedBrowser(t)
const text = async (page: Page, selector = 'main') => normalizeSpace(await page.locator(selector).first().innerText())

t.test('the client pays by card from the e-mail on a phone; the professional sees the payment', async (t) => {
  const email = 'artisan-carte@example.org'
  auth.createUser({ email, password: PASSWORD })
  const pro = await openPage(browser, t, DESKTOP)
  pro.page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(pro.page, gateway.url, email, PASSWORD)
  const token = await accessToken(pro.page)
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(gateway.url, token, method, path, body)

  // The settings: connect the Stripe account, through Stripe's onboarding and back.
  await api('PUT', '/api/profile', { ...COMPLETE_PROFILE, iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' })
  await pro.page.goto(gateway.url('/espace/profil'))
  const section = pro.page.getByRole('region', { name: 'Paiement par carte' })
  await section.waitFor()
  t.match(await text(pro.page, '#paiement-carte'), /Ce que Stripe vous facture : 1,5 % \+ 0,25 € par paiement/, 'what Stripe charges')
  t.match(await text(pro.page, '#paiement-carte'), /Non connecté/)
  await button(pro.page, 'Connecter mon compte Stripe').click()
  await pro.page.getByRole('button', { name: 'Terminer' }).click()
  await pro.page.waitForURL(gateway.url('/espace/profil'))
  await pro.page.getByText('Connecté : vos clients peuvent payer par carte').waitFor()
  t.same(await axe(pro.page), [], 'axe-clean settings')

  // A deposit invoice on a signed quote, sent to the client.
  const quote = (await api<{ quote: Quote }>('POST', '/api/quotes', { content: completeContent(today) })).quote
  await api('POST', `/api/quotes/${quote.id}/send`)
  await gateway.app.db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  const draft = (await api<{ invoice: Invoice }>('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: quote.id } })).invoice
  const invoice = (await api<{ invoice: Invoice }>('POST', `/api/invoices/${draft.id}/issue`)).invoice
  const number = invoice.number ?? ''
  await api('POST', `/api/invoices/${invoice.id}/send`, {})
  const [mail] = await smtp.waitFor((messages) => messages.some((received) => received.subject.includes(number)))
  const received = smtp.messages.find((message) => message.subject.includes(number)) ?? mail
  t.match(received?.text, /Payer par carte \(403,24\u00a0€\)/, 'the e-mail offers the card payment')
  const cardLink = /(http:\/\/127\.0\.0\.1:\d+\/facture\?token=[A-Za-z0-9_-]{43}#payer-par-carte)/.exec(received?.text ?? '')?.[1] ?? ''
  t.not(cardLink, '')

  // The client, on a phone, with the clipboard allowed (read back below).
  const client = await openPage(browser, t, { ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] })
  const page = client.page
  page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await page.goto(cardLink)
  await page.getByRole('heading', { level: 2, name: 'Payer par carte' }).waitFor()
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll at 360 px')
  t.same(await axe(page), [], 'axe-clean at 360 px')

  const copied = async (label: string) => {
    await page.getByRole('button', { name: `Copier ${label}` }).click()
    await page.getByText('Copié').first().waitFor()
    return page.evaluate(() => navigator.clipboard.readText())
  }
  t.equal(await copied('iban'), 'FR7630006000011234567890189', 'the IBAN, without spaces')
  t.equal(await copied('bic'), 'AGRIFRPP')
  t.equal(await copied('montant'), '403,24', 'the amount as a banking app takes it')
  t.equal(await copied('référence à indiquer'), number)

  // The QR code is for another device: folded on a phone, one tap away.
  const qr = page.locator('svg.epc-qr')
  t.notOk(await qr.isVisible(), 'not in the way on the phone')
  await page.getByText('QR code pour payer depuis un autre appareil').click()
  await qr.waitFor({ state: 'visible' })

  await button(page, 'Payer 403,24 € par carte').click()
  await page.getByRole('heading', { name: 'Paiement (simulation Stripe)' }).waitFor()
  t.match(await text(page), /403,24 €/, 'Stripe asks the amount the server set')
  await page.getByRole('button', { name: 'Payer 403,24 €' }).click()
  await page.getByText('Merci : votre paiement par carte est enregistré.').waitFor()
  t.equal(normalizeSpace(await page.locator('.invoice-status').innerText()), 'Payée')
  t.match(await text(page), /Reste à régler 0,00 €/)
  t.same(await axe(page), [], 'axe-clean after paying')
  t.same(problemsOf(client.record), [], CLEAN)

  // The professional's invoice page: the payment, by card, recorded by itself.
  await pro.page.goto(gateway.url(`/espace/factures/${invoice.id}`))
  await pro.page.getByRole('heading', { level: 2, name: 'Paiements' }).waitFor()
  t.match(await text(pro.page, '.invoice-payments'), /403,24 € le .* — Carte bancaire \(Carte bancaire, Stripe pi_/)
  t.match(await text(pro.page), /Reste à encaisser 0,00 €/)
  t.same(problemsOf(pro.record), [], CLEAN)
})
