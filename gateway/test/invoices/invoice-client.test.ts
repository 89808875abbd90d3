// The client's side of an invoice on both engines: « Envoyer la facture » (the e-mail with its
// PDF and a link), the invoice page's data by that link (status, transfer details, EPC QR code
// from the PDF's payload), payment reminders at the company's delays (each once, even from two
// job runs at once; stopped by a full payment or a credit note) and « Relancer » by hand.
import type { Test } from 'tap'
import { formatLongDate, parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceLinkView } from '@paraphe/shared/api/invoice-client-schemas'
import type { Quote } from '@paraphe/shared/quote'
import type { Database } from '../../src/db/database.js'
import { epcPayload, qrMatrix } from '../../src/invoices/facturx/epc-qr.js'
import { qrSvgPath } from '../../src/invoices/client/epc-qr-svg.js'
import { sendDueInvoiceReminders } from '../../src/invoices/client/invoice-reminders.js'
import { markOverdueInvoices } from '../../src/invoices/invoice-overdue.js'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'

const today = parisIsoDate(new Date())
/** A real French IBAN shape with a valid key (the example banks print), and a BIC. */
export const PROFILE_WITH_BANK = { ...COMPLETE_PROFILE, iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' }

interface ErrorJson {
  error: { code: string; message: string }
}
interface OutboxRow {
  kind: string
  recipient: string
  subject: string
  text_body: string
  attachments: Array<{ filename: string; contentType: string; contentBase64: string }>
}

const invoiceOf = (response: { json: <T>() => T }) => response.json<{ invoice: Invoice }>().invoice
const tokenIn = (text: string) => /\/facture\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? ''
/** `now` a number of days after today, at noon in Paris (the jobs read the Paris calendar). */
const daysLater = (days: number) => new Date(Date.parse(`${today}T11:00:00Z`) + days * 86_400_000)

async function mails(db: Database, user: TestUser, kind: string): Promise<OutboxRow[]> {
  return (
    await db.query<OutboxRow>('select kind, recipient, subject, text_body, attachments from paraphe.outbox where company_id = $1 and kind = $2 order by id', [user.id, kind])
  ).rows
}

/** A deposit invoice (payable on receipt) on a signed quote of completeContent: 30 %, 403,24 € TTC. */
async function issuedDeposit(t: Test, db: Database, user: TestUser): Promise<Invoice> {
  // Pro: more than the free plan's three quotes a month.
  await subscribe(db, user.id, 'pro')
  await user.request('PUT', '/api/profile', PROFILE_WITH_BANK)
  const quote = (await user.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  await user.request('POST', `/api/quotes/${quote.id}/send`)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  const draft = invoiceOf(await user.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: quote.id } }))
  const issued = await user.request('POST', `/api/invoices/${draft.id}/issue`)
  t.equal(issued.statusCode, 200, issued.body.slice(0, 300))
  return invoiceOf(issued)
}

forEachEngine('the invoice e-mail, the client’s page and the PDF by its link', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const pro = await newUser(app)
  const invoice = await issuedDeposit(t, db, pro)

  const draft = invoiceOf(await pro.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: invoice.quoteId, depositBp: 1000 } }))
  const notIssued = await pro.request('POST', `/api/invoices/${draft.id}/send`, {})
  t.equal(notIssued.statusCode, 409, 'a draft is not sent')
  t.match(notIssued.json<ErrorJson>().error.message, /Émettez la facture/)
  const badAddress = await pro.request('POST', `/api/invoices/${invoice.id}/send`, { to: 'pas-une-adresse' })
  t.equal(badAddress.statusCode, 422)
  t.match(badAddress.json<ErrorJson>().error.message, /adresse e-mail ne semble pas valide/)

  const sent = await pro.request('POST', `/api/invoices/${invoice.id}/send`, {})
  t.equal(sent.statusCode, 200, sent.body.slice(0, 300))
  t.equal(sent.json<{ sentTo: string }>().sentTo, 'elise.martin@example.org', 'to the client on the invoice')
  t.same(invoiceOf(sent).events.map((event) => event.type), ['issued', 'sent'])

  const [mail] = await mails(db, pro, 'invoice')
  t.equal(mail?.recipient, 'elise.martin@example.org')
  t.equal(mail?.subject, `Facture d’acompte ${invoice.number ?? ''} de Dupont Rénovation`)
  t.match(mail?.text_body, /Montant à régler\u202f: 403,24\u00a0€/, 'the amount')
  t.match(mail?.text_body, new RegExp(`Échéance\u202f: ${formatLongDate(today)}`), 'the due date')
  t.match(mail?.text_body, /IBAN\u202f: FR76 3000 6000 0112 3456 7890 189/)
  const pdf = await pro.request('GET', `/api/invoices/${invoice.id}/pdf`)
  t.equal(mail?.attachments.length, 1)
  t.equal(mail?.attachments[0]?.filename, `Facture-${invoice.number ?? ''}.pdf`)
  t.ok(Buffer.from(mail?.attachments[0]?.contentBase64 ?? '', 'base64').equals(pdf.rawPayload), 'the issued Factur-X PDF attached, byte for byte')

  const token = tokenIn(mail?.text_body ?? '')
  t.equal(token.length, 43, 'a 256-bit token in the link')
  const stored = await db.query<{ token_hash: Buffer }>('select token_hash from paraphe.invoice_links where invoice_id = $1', [invoice.id])
  t.equal(stored.rows.length, 1)
  t.notOk(stored.rows[0]?.token_hash.toString('utf8').includes(token), 'only its hash is stored')

  const page = await app.inject({ url: `/api/invoice-link/${token}` })
  t.equal(page.statusCode, 200, page.body.slice(0, 300))
  t.equal(page.headers['cache-control'], 'no-store')
  const view = page.json<{ invoice: InvoiceLinkView }>().invoice
  t.match(view, {
    number: invoice.number,
    kind: 'deposit',
    dueDate: today,
    seller: { name: 'Dupont Rénovation', siret: '73282932000074' },
    buyerName: 'Élise Martin',
    totalTtcCents: 40324,
    remainingCents: 40324,
    paymentStatus: 'unpaid',
    transfer: { name: 'Dupont Rénovation', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', reference: invoice.number, amountCents: 40324 }
  })
  const payload = epcPayload({ name: 'Dupont Rénovation', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', amountCents: 40324, reference: invoice.number ?? '' })
  t.same(view.transfer?.qr, qrSvgPath(qrMatrix(payload ?? '')), 'the QR code of the PDF’s payload')
  t.match(view.recoveryIndemnity, /non applicable \(client particulier\)/)

  const linkPdf = await app.inject({ url: `/api/invoice-link/${token}/pdf` })
  t.equal(linkPdf.statusCode, 200)
  t.equal(linkPdf.headers['content-type'], 'application/pdf')
  t.match(linkPdf.headers['content-disposition'], new RegExp(`Facture-${invoice.number ?? ''}\\.pdf`))
  t.ok(linkPdf.rawPayload.equals(pdf.rawPayload))

  const unknown = await app.inject({ url: `/api/invoice-link/${'A'.repeat(43)}` })
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json<ErrorJson>().error.message, /lien de facture est introuvable/)
  t.equal((await app.inject({ url: '/api/invoice-link/trop-court' })).statusCode, 404, 'a malformed token never reaches the database')

  // A partial payment: the page says so and the QR code asks for the rest.
  await pro.request('POST', `/api/invoices/${invoice.id}/payments`, { amountCents: 10000, paidOn: today, means: 'transfer' })
  const partly = (await app.inject({ url: `/api/invoice-link/${token}` })).json<{ invoice: InvoiceLinkView }>().invoice
  t.match(partly, { paidCents: 10000, remainingCents: 30324, paymentStatus: 'partly_paid', transfer: { amountCents: 30324 } })
  await pro.request('POST', `/api/invoices/${invoice.id}/payments`, { amountCents: 30324, paidOn: today, means: 'transfer' })
  const paid = (await app.inject({ url: `/api/invoice-link/${token}` })).json<{ invoice: InvoiceLinkView }>().invoice
  t.match(paid, { remainingCents: 0, paymentStatus: 'paid', transfer: null }, 'nothing left to transfer')

  // Revoked by the professional (a link forwarded by mistake): the page says so.
  await db.query('update paraphe.invoice_links set revoked_at = now() where invoice_id = $1', [invoice.id])
  const revoked = await app.inject({ url: `/api/invoice-link/${token}` })
  t.equal(revoked.statusCode, 410)
  t.match(revoked.json<ErrorJson>().error.message, /désactivé/)
  t.equal((await app.inject({ url: `/api/invoice-link/${token}/pdf` })).statusCode, 404)

  // Another company's member cannot send it.
  const other = await newUser(app)
  t.equal((await other.request('POST', `/api/invoices/${invoice.id}/send`, {})).statusCode, 404)
})

forEachEngine('payment reminders: at the delays, once each, stopped by payment or credit note; « Relancer »', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const site = { siteName: 'Paraphe', publicUrl: app.config.publicUrl }
  const pro = await newUser(app)
  const late = await issuedDeposit(t, db, pro)
  const notSent = await issuedDeposit(t, db, pro)
  const credited = await issuedDeposit(t, db, pro)
  for (const invoice of [late, credited]) await pro.request('POST', `/api/invoices/${invoice.id}/send`, {})

  // Several gateways run the jobs: each due reminder goes once.
  t.same(await Promise.all([sendDueInvoiceReminders(db, site, daysLater(3)), sendDueInvoiceReminders(db, site, daysLater(3))]), [0, 0], 'nothing before 7 days late')
  const runs = await Promise.all([sendDueInvoiceReminders(db, site, daysLater(8)), sendDueInvoiceReminders(db, site, daysLater(8))])
  t.equal(runs[0] + runs[1], 2, 'the two sent invoices, by one run or the other')
  t.equal(await sendDueInvoiceReminders(db, site, daysLater(9)), 0, 'the 7-day reminder once')
  const [first] = await mails(db, pro, 'invoice-reminder')
  t.match(first?.subject, /^Rappel : facture F-\d{4}-\d{4} de Dupont Rénovation à régler$/)
  t.match(first?.text_body, /\(il y a 8 jours\), n’est pas encore entièrement réglée/)
  t.match(first?.text_body, /Pénalités de retard/, 'the late-payment penalty')
  t.match(first?.text_body, /Indemnité forfaitaire pour frais de recouvrement/, 'the recovery indemnity mention')
  t.equal(tokenIn(first?.text_body ?? '').length, 43, 'a new link in the reminder')
  t.equal((await app.inject({ url: `/api/invoice-link/${tokenIn(first?.text_body ?? '')}` })).statusCode, 200)
  t.equal(first?.attachments[0]?.contentType, 'application/pdf', 'the PDF attached again')

  // A full credit note stops them (the other one keeps going).
  t.equal((await pro.request('POST', `/api/invoices/${credited.id}/credit-notes`, { issue: true })).statusCode, 201)
  t.equal(await sendDueInvoiceReminders(db, site, daysLater(16)), 1, 'the 15-day reminder, not for the credited invoice')
  // A gateway stopped from day 16 to day 40 sends the 30-day reminder only, not a missed one.
  t.equal(await sendDueInvoiceReminders(db, site, daysLater(40)), 1)
  t.equal(await sendDueInvoiceReminders(db, site, daysLater(60)), 0, 'after the last delay, no more')
  const reminded = (await pro.request('GET', `/api/invoices/${late.id}`)).json<{ invoice: Invoice }>().invoice
  t.same(
    reminded.events.filter((event) => event.type === 'reminded').map((event) => event.data.delayDays),
    [7, 15, 30],
    'one reminder per delay'
  )
  t.equal((await mails(db, pro, 'invoice-reminder')).filter((mail) => mail.recipient !== 'elise.martin@example.org').length, 0)
  t.equal((await db.query('select 1 from paraphe.invoice_events where invoice_id = $1 and type = $2', [notSent.id, 'reminded'])).rows.length, 0, 'an invoice never sent by e-mail is not reminded automatically')

  // The overdue mark (and its webhook) is the jobs' too: once per invoice.
  t.ok((await markOverdueInvoices(db, daysLater(8))) >= 2)
  t.equal(await markOverdueInvoices(db, daysLater(9)), 0)

  // « Relancer » by hand, not twice within 20 hours, and not once paid.
  const other = await issuedDeposit(t, db, pro)
  const byHand = await pro.request('POST', `/api/invoices/${other.id}/remind`)
  t.equal(byHand.statusCode, 200, byHand.body.slice(0, 300))
  t.equal(byHand.json<{ sentTo: string }>().sentTo, 'elise.martin@example.org')
  const last = (await mails(db, pro, 'invoice-reminder')).at(-1)
  t.match(last?.text_body, /rappelle que la facture F-\d{4}-\d{4} arrive à échéance le/, 'before the due date, the wording says so')
  const again = await pro.request('POST', `/api/invoices/${other.id}/remind`)
  t.equal(again.statusCode, 429)
  t.match(again.json<ErrorJson>().error.message, /moins de 20 heures/)
  await pro.request('POST', `/api/invoices/${late.id}/payments`, { amountCents: 40324, paidOn: today, means: 'check' })
  const paid = await pro.request('POST', `/api/invoices/${late.id}/remind`)
  t.equal(paid.statusCode, 409)
  t.match(paid.json<ErrorJson>().error.message, /entièrement réglée/)

  // The company's delays.
  t.same((await pro.request('GET', '/api/invoices/reminder-settings')).json(), { settings: { reminderDays: [7, 15, 30] } }, 'the defaults')
  const saved = await pro.request('PUT', '/api/invoices/reminder-settings', { reminderDays: [10, 3, 10] })
  t.same(saved.json(), { settings: { reminderDays: [3, 10] } }, 'sorted, each once')
  t.equal((await pro.request('PUT', '/api/invoices/reminder-settings', { reminderDays: [0] })).statusCode, 400, 'a delay is 1 to 365 days')
  const fresh = await issuedDeposit(t, db, pro)
  await pro.request('POST', `/api/invoices/${fresh.id}/send`, {})
  t.equal(await sendDueInvoiceReminders(db, site, daysLater(4)), 1, 'the company’s 3-day reminder')
})
