// Invoices in Chromium, from a quote the client has just signed (through the signing API, sealed
// on a worker): at 1 280 px the quote page offers the deposit first; deposit → situation n° 1 for
// the whole quote → situation n° 2 line by line → final invoice deducting the three by number,
// each prepared as a draft, reviewed and issued; a payment recorded on the final invoice makes it
// « Payée »; the dashboard's « À encaisser » and its « Activité récente » (the invoices' events).
// At 360 px the list (filtered by status) and an invoice page. Axe clean at both widths, no console error, no failed request.
import t from 'tap'
import type { Page } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import { signOverHttp } from '../../../gateway/test/support/http-workspace.js'
import { COMPLETE_PROFILE, completeContent } from '../../../gateway/test/support/workspace-users.js'
import {
  axe,
  axeBothWidths,
  BUSY_MACHINE_WAIT_MS,
  button,
  CLEAN,
  DESKTOP,
  emailFactory,
  field,
  normalizeSpace,
  openPage,
  PHONE,
  problemsOf,
  startAuthStack
} from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'

// A seal on a worker and four Factur-X files on a busy 2-core machine.
t.setTimeout(600_000)
const SECRET = 'invoices-tests-jwt-secret-0123456789-abcdefghij'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()
// The signing page's first read and each issue wait for a PDF process; on a loaded 2-core machine
// one can outlast the gateway's 2-minute idle-socket limit, which is not what this test is about.
gateway.app.server.timeout = 0
const text = async (page: Page, selector: string) => normalizeSpace(await page.locator(selector).first().innerText())
const NUMBER = /F-\d{4}-\d{4}/

/** Prepares the draft the form describes, then issues it after the confirmation; returns its number. */
async function prepareAndIssue(page: Page, submit: string): Promise<string> {
  await button(page, submit).click()
  await page.getByRole('heading', { level: 2, name: 'Brouillon à vérifier' }).waitFor()
  await button(page, 'Émettre la facture').click()
  await button(page, 'Oui, émettre la facture').click()
  // Issuing builds the Factur-X PDF/A-3 in a PDF process: long on a busy machine.
  await page.getByRole('heading', { level: 2, name: 'Fichiers' }).waitFor({ timeout: 6 * BUSY_MACHINE_WAIT_MS })
  const number = NUMBER.exec(await text(page, 'h1'))?.[0]
  if (number === undefined) throw new Error('no number in the heading')
  return number
}

t.test('signed quote → deposit → two situations → final → paid, at 1 280 px; list and invoice at 360 px', async (t) => {
  const email = newEmail('factures')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(page, gateway.url, email, PASSWORD)
  const token = await accessToken(page)
  await callApi(gateway.url, token, 'PUT', '/api/profile', COMPLETE_PROFILE)
  const quote = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
      content: completeContent(parisIsoDate(new Date()))
    })
  ).quote
  const sent = await callApi<{ signingUrl: string }>(gateway.url, token, 'POST', `/api/quotes/${quote.id}/send`)
  const signed = await signOverHttp(gateway.origin, new URL(sent.signingUrl).searchParams.get('token') as string)
  t.equal(signed.status, 200, 'the client signs')

  const nav = page.getByRole('navigation', { name: 'Espace professionnel' })
  t.same((await nav.getByRole('link').allInnerTexts()).slice(0, 2), ['Devis', 'Factures'], '« Factures » right after « Devis »')

  // The newly signed quote: the deposit offer comes first, before the quote's own actions.
  await page.goto(gateway.url(`/espace/devis/${quote.id}`))
  const offer = page.getByRole('heading', { level: 2, name: 'Devis signé : facturez l’acompte' })
  await offer.waitFor()
  t.match(await text(page, '.invoicing-box'), /Le devis prévoit un acompte de 30 % sur 1 344,13 € TTC/)
  const firstSections = await page.locator('.quote-page > *').evaluateAll((nodes: Element[]) => nodes.map((node) => node.className))
  t.ok(
    firstSections.indexOf('invoicing-box invoicing-box--offer') < firstSections.findIndex((name) => name.includes('quote-actions')),
    'the offer before the actions'
  )
  t.same(await axe(page), [], 'axe: the signed quote with its offer')

  await page.locator('.invoicing-box').getByRole('link', { name: 'Facturer l’acompte' }).click()
  await page.getByRole('heading', { level: 1, name: /^Facturer le devis DEV-/ }).waitFor()
  t.equal(await field(page, 'Pourcentage du devis (%)').inputValue(), '30', 'the quote’s deposit percentage')
  t.equal(await text(page, '.invoice-preview'), 'Acompte : 403,24 € TTC sur 1 344,13 €.')
  await axeBothWidths(t, page, 'the deposit form')
  const deposit = await prepareAndIssue(page, 'Préparer la facture d’acompte')
  t.match(await text(page, 'h1'), `Facture d’acompte ${deposit}`)
  t.match(await text(page, '.quote-page__status'), /À encaisser/)
  t.match(await text(page, '.invoice-totals__ttc'), /403,24 €/)
  await axeBothWidths(t, page, 'an issued invoice')

  // Situation n° 1: 40 % of the whole quote.
  await page.goto(gateway.url(`/espace/devis/${quote.id}/facturation?facture=situation`))
  await page.getByRole('heading', { level: 2, name: 'Facture de situation n° 1' }).waitFor()
  await field(page, 'Avancement cumulé (%)').fill('40')
  t.match(await text(page, '.invoice-statement'), /^Situation n° 1 : cumul 40 %, déjà facturé 0 %/)
  // After the deposit, the first situation chooses how it comes off; in proportion by default.
  t.ok(await page.getByRole('radio', { name: /Au prorata de l’avancement/ }).isChecked(), 'the deposit deducted in proportion by default')
  t.match(
    await text(page, '.invoice-statement'),
    /acompte déduit au prorata de l’avancement — 376,35 € TTC environ/,
    '40 % of the work less 40 % of the deposit, not 537,65 €'
  )
  const first = await prepareAndIssue(page, 'Préparer la facture de situation')
  t.match(await text(page, '.invoice-statement'), 'Situation n° 1 : cumul 40 %, déjà facturé 0 %')

  // Situation n° 2, line by line: each line shows how far it has been invoiced.
  await page.goto(gateway.url(`/espace/devis/${quote.id}/facturation?facture=situation`))
  await page.getByRole('heading', { level: 2, name: 'Facture de situation n° 2' }).waitFor()
  t.match(await text(page, '.invoice-figures'), /Facturé \(acomptes et situations\) 779,59 € TTC/)
  t.match(
    await text(page, '.invoice-form'),
    /L’acompte est déduit au prorata de l’avancement \(241,94 € TTC restent à déduire\)/,
    'the first situation’s choice is kept, with what is left of the deposit'
  )
  await page.getByRole('radio', { name: 'Ligne par ligne' }).check()
  const lineLabels = ['Dépose de l’ancienne baignoire', 'Main-d’œuvre plomberie', 'Receveur de douche 90 × 120']
  for (const label of lineLabels) {
    t.equal(await field(page, label).inputValue(), '40', `${label}: 40 % already`)
    await field(page, label).fill('60')
  }
  await field(page, lineLabels[0] as string).fill('30')
  await button(page, 'Préparer la facture de situation').click()
  t.equal(
    await text(page, '.invoice-progress-lines .field__error'),
    'L’avancement d’une ligne ne peut pas baisser.',
    'a line that goes down is refused before sending'
  )
  await field(page, lineLabels[0] as string).fill('60')
  await axe(page).then((violations) => t.same(violations, [], 'axe: the situation line by line'))
  const second = await prepareAndIssue(page, 'Préparer la facture de situation')
  t.match(await text(page, '.invoice-statement'), 'Situation n° 2 : cumul 60 %, déjà facturé 40 %')

  // The final invoice deducts the deposit and both situations by their numbers.
  await page.goto(gateway.url(`/espace/devis/${quote.id}/facturation?facture=solde`))
  await page.getByRole('heading', { level: 2, name: 'Facture de solde' }).waitFor()
  const listed = await text(page, '.invoice-form .invoice-deductions')
  for (const number of [deposit, first, second]) t.match(listed, number, `the final deducts ${number}`)
  const final = await prepareAndIssue(page, 'Préparer la facture de solde')
  const deductions = await text(page, '.invoice-content .invoice-deductions')
  t.match(
    deductions,
    new RegExp(`Acompte ${deposit} du .*Situation ${first} du .*Situation ${second} du`),
    'each deduction with its invoice number'
  )

  // Paid: the whole rest, by transfer, today.
  const due = await field(page, 'Montant reçu (€)').inputValue()
  t.match(due, /^\d[\d ]*,\d\d$/, 'the form proposes what is left')
  await button(page, 'Enregistrer le paiement').click()
  await page.locator('.quote-page__status').filter({ hasText: 'Payée' }).waitFor()
  t.match(await text(page, '.invoice-payments'), /Virement/)
  t.equal(await page.getByRole('button', { name: 'Enregistrer le paiement' }).count(), 0, 'nothing left to record')
  await page.locator('.invoice-chain').filter({ hasText: '(cette facture)' }).waitFor()
  const chain = await text(page, '.invoice-chain')
  t.match(
    chain,
    new RegExp(`Devis DEV-.*${deposit}.*${first}.*${second}.*${final} \\(cette facture\\)`),
    'the chain: quote → deposit → situations → final'
  )

  // The quote page now says what has been invoiced.
  await page.goto(gateway.url(`/espace/devis/${quote.id}`))
  await page.getByRole('heading', { level: 2, name: 'Facturation' }).waitFor()
  t.match(await text(page, '.invoicing-box'), /Facturé : .* TTC sur 1 344,13 €.*solde facturé/)

  // The dashboard's « À encaisser »: the deposit and the two situations, not the paid final.
  await page.goto(gateway.url('/espace'))
  const figure = page.locator('.dashboard__figure').filter({ hasText: 'à encaisser' })
  await figure.waitFor()
  t.match(normalizeSpace(await figure.innerText()), /3 factures/)
  t.equal(await figure.getAttribute('href'), '/espace/factures?statut=a-encaisser')
  // « Activité récente »: the invoices' events beside the quote's, newest first, each leading to its invoice.
  const activity = (await page.locator('.dashboard__activity li').allInnerTexts()).map(normalizeSpace)
  t.match(activity[0], new RegExp(`^${final} — .+ : facture de solde payée, \\d{1,2} `), 'the payment first')
  for (const [number, said] of [
    [final, 'facture de solde émise'],
    [second, 'facture de situation émise'],
    [first, 'facture de situation émise'],
    [deposit, 'facture d’acompte émise']
  ] as const)
    t.ok(
      activity.some((line) => line.startsWith(`${number} — `) && line.includes(`: ${said},`)),
      `${number}: « ${said} »`
    )
  t.ok(
    activity.some((line) => /^DEV-\d{4}-\d{4} — .+ : devis signé par le client/.test(line)),
    'the quote’s signature in the same list'
  )
  t.match(
    await page.locator('.dashboard__activity li a').first().getAttribute('href'),
    /^\/espace\/factures\/[0-9a-f-]{36}$/,
    'an invoice’s line leads to the invoice'
  )
  t.same(problemsOf(record), [], `desktop: ${CLEAN}`)

  // On a phone: the list, filtered, and an invoice.
  const phone = await openPage(browser, t, PHONE)
  phone.page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(phone.page, gateway.url, email, PASSWORD)
  await phone.page.getByRole('navigation', { name: 'Espace professionnel' }).getByRole('link', { name: 'Factures' }).click()
  await phone.page.getByRole('heading', { level: 1, name: 'Factures' }).waitFor()
  await phone.page.getByRole('heading', { level: 2, name: '4 factures' }).waitFor()
  t.same(await axe(phone.page), [], 'axe at 360 px: the list')
  t.ok(
    await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no horizontal scroll at 360 px: the list'
  )
  // « Comptes comptables (export FEC) »: the accountant's defaults, a wrong class refused in French, then saved.
  await phone.page.getByText('Comptes comptables (export FEC)').click()
  const works = field(phone.page, 'Travaux')
  await works.waitFor()
  t.equal(await works.inputValue(), '704000', 'building work to 704 by default')
  t.equal(await field(phone.page, 'TVA collectée à 20 %').inputValue(), '445710')
  await works.fill('604000')
  await button(phone.page, 'Enregistrer les comptes').click()
  await phone.page.locator('.field--invalid .field__error').waitFor()
  t.equal(
    normalizeSpace(await phone.page.locator('.field--invalid .field__error').innerText()),
    'Ce numéro n’est pas un compte de ventes (classe 70) : il commence par 70 (par exemple 704000).',
    'a purchase account refused before sending'
  )
  t.same(await axe(phone.page), [], 'axe at 360 px: the accounts, one refused')
  await works.fill('704100')
  await button(phone.page, 'Enregistrer les comptes').click()
  await phone.page.getByRole('status').filter({ hasText: 'Comptes enregistrés' }).waitFor()
  const stored = await callApi<{ accounts: { works: string } }>(
    gateway.url,
    await accessToken(phone.page),
    'GET',
    '/api/invoices/accounting-settings'
  )
  t.equal(stored.accounts.works, '704100', 'saved for the next FEC')
  await phone.page.getByLabel('Statut', { exact: true }).selectOption({ label: 'Payée' })
  await phone.page.getByRole('heading', { level: 2, name: '1 facture « Payée »' }).waitFor()
  t.match(phone.page.url(), /\/espace\/factures\?statut=payee$/)
  await phone.page.getByRole('link', { name: `Facture de solde ${final}` }).click()
  await phone.page.getByRole('heading', { level: 2, name: 'Paiements' }).waitFor()
  t.same(await axe(phone.page), [], 'axe at 360 px: an invoice')
  t.ok(
    await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no horizontal scroll at 360 px: an invoice'
  )
  t.same(problemsOf(phone.record), [], `phone: ${CLEAN}`)
})
