// /contact in Chromium, end to end: mistakes shown next to their field with the focus on the
// first one, a message sent through the gateway and received by the operator's SMTP server (in
// process), a network failure that keeps what was typed, and the hidden anti-robot field out of
// reach. No console error, no hydration error; axe-clean with the errors shown.
import t from 'tap'
import type { Page } from 'playwright-core'
import { startSmtpServer } from '../../../gateway/test/support/smtp-server.js'
import {
  PHONE,
  axe,
  gotoHydrated,
  headingText,
  inPage,
  normalizeSpace,
  openPage,
  problemsOf,
  sharedBrowser,
  startGateway,
  waitForExpression
} from './harness.js'

const OPERATOR = 'accueil@paraphe.example'
const smtp = await startSmtpServer()
t.teardown(() => smtp.stop())
const gateway = await startGateway({
  SMTP_URL: smtp.url,
  OPERATOR_EMAIL: OPERATOR,
  // Every test here writes from 127.0.0.1: the hourly budget is tested in the gateway's tests.
  CONTACT_RATE_LIMIT_PER_HOUR: '1000'
})
t.teardown(() => gateway.close())
const browser = await sharedBrowser(t)

const CLEAN = 'no console error, hydration error, page error or failed request'

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const send = (page: Page) => page.getByRole('button', { name: 'Envoyer le message', exact: true }).click()

async function waitForFocus(page: Page, id: string): Promise<void> {
  await waitForExpression(page, `document.activeElement !== null && document.activeElement.id === ${JSON.stringify(id)}`)
}

async function errorOf(page: Page, id: string): Promise<string> {
  return normalizeSpace(await page.locator(`#${id}-error`).innerText())
}

async function fillValid(page: Page, email: string, message: string): Promise<void> {
  await field(page, 'Nom').fill('Inès Martin')
  await field(page, 'E-mail').fill(email)
  await field(page, 'Téléphone (facultatif)').fill('06 12 34 56 78')
  await field(page, 'Sujet').selectOption('Abonnement et facturation')
  await field(page, 'Message').fill(message)
  await page.getByRole('checkbox').check()
}

t.test('mistakes next to their field, then a message the operator receives', async (t) => {
  const { page, record } = await openPage(browser, t)
  t.equal(await gotoHydrated(page, gateway.url('/contact')), 200)
  t.equal(await headingText(page), 'Nous contacter')
  t.match(normalizeSpace(await page.locator('.contact__details').innerText()), /E-mail : accueil@paraphe.example/, 'the details stay')

  await send(page)
  await waitForFocus(page, 'contact-name')
  t.pass('the focus is on the first field to fix')
  t.equal(await field(page, 'Nom').getAttribute('aria-invalid'), 'true')
  t.equal(await errorOf(page, 'contact-name'), 'Indiquez votre nom.')
  t.equal(await errorOf(page, 'contact-email'), 'Indiquez votre adresse e-mail.')
  t.equal(await errorOf(page, 'contact-message'), 'Écrivez votre message.')
  t.match(await errorOf(page, 'contact-consent'), /^Cochez la case/)
  t.equal(await page.locator('#contact-company-error').count(), 0, 'an optional field left empty is fine')
  t.same(await axe(page), [], 'axe: the form with its errors')

  await field(page, 'Nom').fill('Inès Martin')
  await field(page, 'E-mail').fill('ines@exemple')
  await field(page, 'Message').fill('Court')
  await send(page)
  await waitForFocus(page, 'contact-email')
  t.equal(await errorOf(page, 'contact-email'), 'Cette adresse e-mail n’est pas valide.')
  t.equal(await errorOf(page, 'contact-message'), 'Votre message doit faire au moins 10 caractères.')
  t.equal(await page.locator('#contact-name-error').count(), 0, 'a fixed field loses its error')
  t.equal(smtp.messages.length, 0, 'nothing sent yet')

  const email = `ines-${Date.now().toString(36)}@example.fr`
  await fillValid(page, email, 'Bonjour,\nje voudrais passer à l’offre Pro <b>dès lundi</b>.')
  await send(page)
  await page.getByRole('heading', { name: 'Message envoyé' }).waitFor()
  await waitForFocus(page, 'contact-sent-title')
  t.match(
    normalizeSpace(await page.getByRole('status').innerText()),
    new RegExp(`Nous vous répondons par e-mail à ${email.replace('.', '\\.')}, en principe sous deux jours ouvrés`)
  )

  const [mail] = (await smtp.waitFor((messages) => messages.some((received) => received.replyTo === email))).filter(
    (received) => received.replyTo === email
  )
  t.same(mail?.envelope.to, [OPERATOR], 'the operator receives it')
  t.equal(mail?.subject, '[Paraphe] Abonnement et facturation — Inès Martin')
  t.match(mail?.text, '> Bonjour,\n> je voudrais passer à l’offre Pro <b>dès lundi</b>.')
  t.match(mail?.text, 'Téléphone\u202f: 06 12 34 56 78')

  await page.getByRole('button', { name: 'Écrire un autre message' }).click()
  await waitForFocus(page, 'contact-message')
  t.equal(await field(page, 'Message').inputValue(), '', 'a fresh message')
  t.equal(await field(page, 'Nom').inputValue(), 'Inès Martin', 'the name is kept')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('a network failure keeps the text and says what to do', async (t) => {
  const { page, record, clear } = await openPage(browser, t)
  await gotoHydrated(page, gateway.url('/contact'))
  const email = `reseau-${Date.now().toString(36)}@example.fr`
  const message = 'Un message important qu’il ne faut pas perdre.'
  await fillValid(page, email, message)
  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'))
  await send(page)
  const alert = page.getByRole('alert')
  await alert.waitFor()
  t.equal(normalizeSpace(await alert.innerText()), 'Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez.')
  t.equal(await field(page, 'Message').inputValue(), message, 'the message is still there')
  t.equal(await field(page, 'E-mail').inputValue(), email)
  clear() // the refused request was expected

  await page.unroute('**/api/contact')
  await send(page)
  await page.getByRole('heading', { name: 'Message envoyé' }).waitFor()
  await smtp.waitFor((messages) => messages.some((received) => received.replyTo === email))
  t.same(problemsOf(record), [], CLEAN)
})

t.test('the anti-robot field: off screen, skipped by the keyboard, on a phone without sideways scrolling', async (t) => {
  const { page, record } = await openPage(browser, t, PHONE)
  await gotoHydrated(page, gateway.url('/contact'))
  const box = await page.locator('#contact-website').boundingBox()
  t.ok(box !== null && box.x + box.width <= 0, 'outside the page')
  await page.getByRole('link', { name: 'politique de confidentialité' }).focus()
  await page.keyboard.press('Tab')
  t.equal(
    await inPage(page, 'document.activeElement.textContent'),
    'Envoyer le message',
    'after the consent, Tab goes past it to the button'
  )
  t.equal(await inPage(page, 'document.documentElement.scrollWidth <= document.documentElement.clientWidth'), true)
  t.same(problemsOf(record), [], CLEAN)
})
