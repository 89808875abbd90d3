// What the web now offers beside the quote → deposit → situations → final path, in Chromium at
// 1 280 px and 360 px, axe clean: a situation with a retenue de garantie (its amount on the
// invoice page, equal to what the gateway withholds), its draft edited then issued; an invoice
// without a quote typed from « Nouvelle facture » and issued; « Envoyer la facture », the client's
// page by the e-mail's link, then « Désactiver les liens envoyés » and the client's page refusing
// it; « Relancer le client » refused right after the e-mail with the next possible time; the
// automatic reminders' days chosen on the list; the accountant's CSV export downloaded from it.
import { readFile } from 'node:fs/promises'
import t from 'tap'
import type { Page } from 'playwright-core'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
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
  startAuthStack,
  type ConsoleEntry,
  type HttpProblem
} from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'

// Three Factur-X files made on a busy 2-core machine.
t.setTimeout(600_000)
const SECRET = 'invoice-workflows-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()
// Issuing waits for a PDF process, which on a loaded machine can outlast the idle-socket limit.
gateway.app.server.timeout = 0
const db = gateway.app.db
const text = async (page: Page, selector: string) => normalizeSpace(await page.locator(selector).first().innerText())
const NUMBER = /F-\d{4}-\d{4}/
const narrow = async (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** Issues the draft on screen after the confirmation; returns its number. */
async function issue(page: Page): Promise<string> {
  await button(page, 'Émettre la facture').click()
  await button(page, 'Oui, émettre la facture').click()
  await page.getByRole('heading', { level: 2, name: 'Fichiers' }).waitFor({ timeout: 6 * BUSY_MACHINE_WAIT_MS })
  const number = NUMBER.exec(await text(page, 'h1'))?.[0]
  if (number === undefined) throw new Error('no number in the heading')
  return number
}

const invoiceIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '')

t.test('retenue, a draft edited, an invoice without a quote, a link revoked and the CSV export', async (t) => {
  const email = newEmail('facturation')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(page, gateway.url, email, PASSWORD)
  const token = await accessToken(page)
  await callApi(gateway.url, token, 'PUT', '/api/profile', COMPLETE_PROFILE)
  const today = parisIsoDate(new Date())
  const quote = (await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', { content: completeContent(today) }))
    .quote
  await callApi(gateway.url, token, 'POST', `/api/quotes/${quote.id}/send`)
  // The client's signature is the signing tests' subject (invoices.test.ts signs for real).
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])

  // A situation with the retenue de garantie: off by default, 5 % once ticked.
  await page.goto(gateway.url(`/espace/devis/${quote.id}/facturation?facture=situation`))
  await page.getByRole('heading', { level: 2, name: 'Facture de situation n° 1' }).waitFor()
  const retention = page.getByRole('checkbox', { name: 'Retenue de garantie' })
  t.notOk(await retention.isChecked(), 'no retenue unless asked')
  t.equal(await page.getByRole('checkbox', { name: /Autoliquidation/ }).count(), 0, 'no reverse charge for a private client')
  await retention.check()
  t.equal(await field(page, 'Taux de la retenue (%)').inputValue(), '5')
  await field(page, 'Taux de la retenue (%)').fill('6')
  await field(page, 'Avancement cumulé (%)').fill('40')
  await button(page, 'Préparer la facture de situation').click()
  t.equal(
    await text(page, '.invoice-options .field__error'),
    'La retenue de garantie est de 5 % au plus.',
    'more than 5 % refused before sending'
  )
  await field(page, 'Taux de la retenue (%)').fill('5')
  await axeBothWidths(t, page, 'a situation with its retenue')
  await button(page, 'Préparer la facture de situation').click()
  await page.getByRole('heading', { level: 2, name: 'Brouillon à vérifier' }).waitFor()
  t.match(await text(page, '.invoice-statement'), 'Situation n° 1 : cumul 40 %, déjà facturé 0 %')

  // The draft edited: back in its form, with what it asked, then 50 %.
  const draftId = invoiceIdOf(page)
  await page.getByRole('link', { name: 'Modifier le brouillon' }).click()
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).waitFor()
  t.equal(await field(page, 'Avancement cumulé (%)').inputValue(), '40', 'the draft’s progress')
  t.ok(await page.getByRole('checkbox', { name: 'Retenue de garantie' }).isChecked(), 'the draft’s retenue')
  await field(page, 'Avancement cumulé (%)').fill('50')
  await button(page, 'Enregistrer le brouillon').click()
  // The form previews « cumul 50 % » itself as it is typed: the saved draft is the invoice's page.
  await page.waitForURL((url) => url.pathname.startsWith('/espace/factures/'))
  await page.locator('.invoice-statement').filter({ hasText: 'cumul 50 %' }).waitFor()
  t.equal(invoiceIdOf(page), draftId, 'the same draft, changed in place')
  const situationNumber = await issue(page)
  const situation = (await callApi<{ invoice: Invoice }>(gateway.url, token, 'GET', `/api/invoices/${draftId}`)).invoice
  const withheld = situation.totalTtcCents - situation.amountDueCents
  t.equal(withheld, Math.round((situation.totalTtcCents * 5) / 100), '5 % of the TTC withheld')
  t.match(
    await text(page, '.invoice-totals'),
    `Retenue de garantie de 5 % (${formatEuros(withheld)})`.replace(/[\u00a0\u202f]/g, ' '),
    'its amount on the invoice page'
  )
  t.equal(await page.getByRole('link', { name: 'Modifier le brouillon' }).count(), 0, 'an issued invoice is never edited')
  t.equal((await callApi<{ invoices: unknown[] }>(gateway.url, token, 'GET', '/api/invoices')).invoices.length, 1, 'one invoice, no copy')

  // An invoice without a quote, from the list.
  await page.goto(gateway.url('/espace/factures'))
  await page.getByRole('link', { name: 'Nouvelle facture' }).click()
  await page.getByRole('heading', { level: 2, name: 'Facture sans devis' }).waitFor()
  await button(page, 'Préparer la facture').click()
  t.match(await text(page, '.invoice-form [role="alert"]'), /champs sont à corriger/, 'missing fields said before sending')
  await field(page, 'Nom du client').fill('Paul Girard')
  await field(page, 'E-mail (facultatif)').fill('paul.girard@example.org')
  await field(page, 'Adresse').fill('8 rue Mercière\n69002 Lyon')
  await field(page, 'Désignation (ligne 1)').fill('Réparation d’une fuite')
  await field(page, 'Quantité').fill('2')
  await field(page, 'Prix unitaire HT (€)').fill('60')
  await button(page, 'Ajouter une ligne').click()
  await field(page, 'Désignation (ligne 2)').fill('Joint fourni')
  await page.getByLabel('Quantité').nth(1).fill('1')
  await page.getByLabel('Prix unitaire HT (€)').nth(1).fill('12,50')
  await page.getByLabel('TVA').nth(1).selectOption({ label: '10 %' })
  t.equal(
    await text(page, '.invoice-form .invoice-preview'),
    'Total HT 132,50 € · TVA 25,25 € · Total TTC 157,75 €',
    'the shared totals rule as typed'
  )
  await axeBothWidths(t, page, 'an invoice without a quote')
  await button(page, 'Préparer la facture').click()
  await page.getByRole('heading', { level: 2, name: 'Brouillon à vérifier' }).waitFor()
  t.match(await text(page, '.invoice-totals__ttc'), /157,75 €/)
  const standardNumber = await issue(page)
  t.match(await text(page, 'h1'), `Facture ${standardNumber}`)

  // Sent to the client, the link opened, then revoked: the client's page refuses it.
  await button(page, 'Envoyer la facture').click()
  await page.getByRole('status').filter({ hasText: 'Facture envoyée à paul.girard@example.org' }).waitFor()
  const mail = (
    await db.query<{ text_body: string }>(
      `select text_body from paraphe.outbox where kind = 'invoice' and recipient = 'paul.girard@example.org' order by id desc limit 1`
    )
  ).rows[0]
  const link = /\/facture\?token=[A-Za-z0-9_-]{43}/.exec(mail?.text_body ?? '')?.[0] ?? ''
  t.not(link, '', 'the e-mail links to the client’s page')
  // « Relancer le client » at once: the gateway keeps a day between two e-mails, and says when.
  await button(page, 'Relancer le client').click()
  const tooSoonAlert = page.getByRole('alert').filter({ hasText: 'moins de 20 heures' })
  await tooSoonAlert.waitFor()
  t.match(
    normalizeSpace(await tooSoonAlert.innerText()),
    /Prochaine relance possible le \d{1,2} \p{L}+ \d{4}/u,
    'a reminder right after the e-mail is refused, with the next possible time'
  )
  const client = await openPage(browser, t, PHONE)
  client.page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await client.page.goto(gateway.url(link))
  await client.page.getByRole('heading', { level: 1, name: `Facture ${standardNumber}` }).waitFor()
  await axeBothWidths(t, page, 'an issued invoice with its sending')
  await button(page, 'Désactiver les liens envoyés').click()
  await button(page, 'Oui, désactiver').click()
  await page.getByRole('status').filter({ hasText: 'Lien désactivé' }).waitFor()
  await client.page.reload()
  await client.page.getByRole('heading', { level: 1, name: 'Lien de facture introuvable' }).waitFor()
  t.match(
    normalizeSpace(await client.page.getByRole('alert').innerText()),
    /désactivé par le professionnel/,
    'the client’s page says the link was disabled'
  )
  t.same(await axe(client.page), [], 'axe at 360 px: the revoked link')

  // The automatic reminders' days, 7, 15 and 30 by default, chosen on the list.
  await page.goto(gateway.url('/espace/factures'))
  await page.getByRole('heading', { level: 2, name: '2 factures' }).waitFor()
  await page.getByText('Relances automatiques').click()
  const days = field(page, 'Jours après l’échéance')
  await days.waitFor()
  t.equal(await days.inputValue(), '7, 15, 30', 'the default delays')
  await days.fill('45 10 400')
  await button(page, 'Enregistrer les relances').click()
  t.equal(
    await text(page, '.invoice-export .field__error'),
    '« 400 » n’est pas un nombre de jours entre 1 et 365.',
    'a wrong delay explained before sending'
  )
  await days.fill('45, 10; 5')
  await button(page, 'Enregistrer les relances').click()
  await page.getByRole('status').filter({ hasText: 'Relances enregistrées : 5, 10, 45 jours après l’échéance.' }).waitFor()
  t.equal(await days.inputValue(), '5, 10, 45', 'sorted as the gateway keeps them')
  const stored = await db.query<{ reminder_days: number[] }>(`select reminder_days from paraphe.invoice_settings`)
  t.same(
    stored.rows.map((row) => row.reminder_days),
    [[5, 10, 45]],
    'stored for the company'
  )
  await axeBothWidths(t, page, 'the list with its reminder days')

  // The accountant's export: this month's invoices as CSV.
  await page.getByText('Exporter pour le comptable').click()
  t.equal(await field(page, 'Au').inputValue(), today, 'up to today')
  await axeBothWidths(t, page, 'the list with its export')
  const download = page.waitForEvent('download')
  await button(page, 'Télécharger l’export').click()
  const file = await download
  t.match(file.suggestedFilename(), /\.csv$/)
  const csv = await readFile((await file.path()) ?? '', 'utf8')
  t.ok(csv.startsWith('\ufeff'), 'UTF-8 with its BOM, as French spreadsheets expect')
  for (const number of [situationNumber, standardNumber]) t.match(csv, number, `${number} in the export`)
  t.match(csv, /157,75/, 'amounts with a decimal comma')
  // The one refusal this journey asks for: the reminder too soon after the e-mail.
  const tooSoon = {
    allowHttp: (problem: HttpProblem) => problem.status === 429 && problem.url.endsWith('/remind'),
    allowConsole: (entry: ConsoleEntry) => entry.url.endsWith('/remind') && /\b429\b/.test(entry.text)
  }
  t.same(problemsOf(record, tooSoon), [], `desktop: ${CLEAN}`)

  // On a phone: the list with its actions.
  const phone = await openPage(browser, t, PHONE)
  phone.page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(phone.page, gateway.url, email, PASSWORD)
  await phone.page.goto(gateway.url('/espace/factures'))
  await phone.page.getByRole('heading', { level: 2, name: '2 factures' }).waitFor()
  await phone.page.getByText('Exporter pour le comptable').click()
  t.same(await axe(phone.page), [], 'axe at 360 px: the list and its export')
  t.ok(await narrow(phone.page), 'no horizontal scroll at 360 px: the list')
  t.same(problemsOf(phone.record), [], `phone: ${CLEAN}`)
})
