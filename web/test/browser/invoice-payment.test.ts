// The client's invoice page in Chromium on a 360 px phone: a professional issues a deposit
// invoice and sends it (through the API, same gateway and database); the client opens the link
// of the e-mail, sees who invoices, the amount, the due date, the status and the transfer
// details, downloads the PDF, and the page's QR code, screenshotted, decodes with zbarimg
// (zbar-tools) to the EPC payload: IBAN, amount, reference. Then a partial payment, a revoked
// link, and the page without a token. No console error, axe-clean.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { parisIsoDate, formatLongDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { Quote } from '@paraphe/shared/quote'
import { AUTH_ENV, COMPLETE_PROFILE, completeContent, newUser, subscribe } from '../../../gateway/test/support/workspace-users.js'
import { axe, gotoHydrated, headingText, normalizeSpace, openPage, PHONE, problemsOf, sharedBrowser, startGateway } from './harness.js'

const run = promisify(execFile)
/** The QR code's bytes as text: zbarimg's `-Sbinary` leaves them undecoded (its own guess reads UTF-8 as Shift JIS). */
const scan = async (image: string) =>
  Buffer.from((await run('zbarimg', ['--quiet', '--raw', '-Sbinary', image], { encoding: 'buffer' })).stdout).toString('utf8')
// Issuing builds the Factur-X PDF in a worker: minutes on a busy 2-core machine.
t.setTimeout(600_000)
const gateway = await startGateway(AUTH_ENV)
t.teardown(() => gateway.close())
const browser = await sharedBrowser(t)
const today = parisIsoDate(new Date())
const db = gateway.app.db

t.test('the client pays from a phone: amounts, status, PDF, transfer details and a QR code a banking app reads', async (t) => {
  const pro = await newUser(gateway.app)
  await subscribe(db, pro.id, 'pro')
  t.equal(
    (await pro.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' }))
      .statusCode,
    200
  )
  const quote = (await pro.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  await pro.request('POST', `/api/quotes/${quote.id}/send`)
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  const draft = (await pro.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: quote.id } })).json<{
    invoice: Invoice
  }>().invoice
  const invoice = (await pro.request('POST', `/api/invoices/${draft.id}/issue`)).json<{ invoice: Invoice }>().invoice
  const number = invoice.number ?? ''
  t.equal((await pro.request('POST', `/api/invoices/${invoice.id}/send`, {})).statusCode, 200)
  const mail = (
    await db.query<{ text_body: string }>(`select text_body from paraphe.outbox where company_id = $1 and kind = 'invoice'`, [pro.id])
  ).rows[0]
  const link = /http:\/\/127\.0\.0\.1:\d+\/facture\?token=[A-Za-z0-9_-]{43}/.exec(mail?.text_body ?? '')?.[0] ?? ''
  t.not(link, '', 'the e-mail links to the invoice page')

  const { page, record } = await openPage(browser, t, PHONE)
  await gotoHydrated(page, link.replace(/^http:\/\/127\.0\.0\.1:\d+/, gateway.origin))
  await page.getByRole('heading', { level: 1, name: `Facture d’acompte ${number}` }).waitFor({ timeout: 30_000 })
  t.equal(await headingText(page), `Facture d’acompte ${number}`)
  const text = normalizeSpace(await page.locator('main').innerText())
  t.match(text, /Dupont Rénovation/, 'who invoices')
  t.match(text, /Reste à régler 403,24 €/, 'the amount')
  t.match(text, new RegExp(`Échéance ${formatLongDate(today)}`), 'the due date')
  t.equal(normalizeSpace(await page.getByRole('status').first().innerText()), 'À régler', 'the status')
  t.match(text, /IBAN FR76 3000 6000 0112 3456 7890 189/)
  t.match(text, /BIC AGRIFRPP/)
  t.match(text, new RegExp(`Référence à indiquer ${number}`))
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll at 360 px')
  t.same(await axe(page), [], 'axe-clean at 360 px')

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Télécharger la facture (PDF)' }).click()
  const file = await download
  t.equal(file.suggestedFilename(), `Facture-${number}.pdf`)

  // The QR code as the client's screen shows it, read by a real decoder.
  const folder = await mkdtemp(path.join(tmpdir(), 'paraphe-qr-'))
  t.teardown(() => rm(folder, { recursive: true, force: true }))
  const shot = path.join(folder, 'qr.png')
  // On a phone the QR code (for paying from another device) is one tap away.
  await page.getByText('QR code pour payer depuis un autre appareil').click()
  await writeFile(shot, await page.locator('svg.epc-qr').screenshot())
  t.same(
    (await scan(shot)).split('\n'),
    ['BCD', '002', '1', 'SCT', 'AGRIFRPP', 'Dupont Rénovation', 'FR7630006000011234567890189', 'EUR403.24', '', '', number],
    'EPC payload: IBAN, amount, reference'
  )

  // A partial payment: the page says so, and the QR code asks for the rest.
  await pro.request('POST', `/api/invoices/${invoice.id}/payments`, { amountCents: 10324, paidOn: today, means: 'transfer' })
  await page.reload()
  await page.getByText('Partiellement payée', { exact: true }).waitFor({ timeout: 30_000 })
  t.match(normalizeSpace(await page.locator('main').innerText()), /Reste à régler 300,00 € .*Déjà réglé 103,24 €/)
  await page.getByText('QR code pour payer depuis un autre appareil').click()
  await writeFile(shot, await page.locator('svg.epc-qr').screenshot())
  t.match(await scan(shot), /\nEUR300\.00\n/, 'the QR code asks for what is left')
  t.same(problemsOf(record), [], 'no console error, page error or failed request')

  await db.query('update paraphe.invoice_links set revoked_at = now() where invoice_id = $1', [invoice.id])
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Lien de facture introuvable' }).waitFor({ timeout: 30_000 })
  t.match(normalizeSpace(await page.getByRole('alert').innerText()), /désactivé par le professionnel/)
  t.same(await axe(page), [], 'axe-clean, revoked link')

  const guide = await openPage(browser, t, PHONE)
  await gotoHydrated(guide.page, gateway.url('/facture'))
  t.equal(await headingText(guide.page), 'Consulter et régler une facture', 'without a token: what the link is for')
  t.same(await axe(guide.page), [], 'axe-clean, guide')
})
