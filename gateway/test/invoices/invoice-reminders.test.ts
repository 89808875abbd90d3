// Payment reminders on both engines: at the company's delays after the due date (each once, even
// from two job runs at once; a stopped gateway sends the latest due one only), stopped by a full
// payment or a credit note, with the penalty mentions; « Relancer » by hand; the delays setting.
import t from 'tap'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, newUser } from '../support/workspace-users.js'
import { sendDueInvoiceReminders } from '../../src/invoices/client/invoice-reminders.js'
import { markOverdueInvoices } from '../../src/invoices/invoice-overdue.js'
import { daysLater, issuedDeposit, mails, today, tokenIn, type ErrorJson } from './support/invoice-mail-cases.js'

// Real Factur-X PDF/A-3 builds on two engines: minutes on a busy 2-core machine.
t.setTimeout(600_000)

forEachEngine('payment reminders: at the delays, once each, stopped by payment or credit note; « Relancer »', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const site = app.config.site
  const pro = await newUser(app)
  const late = await issuedDeposit(t, db, pro)
  const notSent = await issuedDeposit(t, db, pro)
  const credited = await issuedDeposit(t, db, pro)
  for (const invoice of [late, credited]) await pro.request('POST', `/api/invoices/${invoice.id}/send`, {})

  // Several gateways run the jobs: each due reminder goes once.
  t.same(
    await Promise.all([sendDueInvoiceReminders(db, site, daysLater(3)), sendDueInvoiceReminders(db, site, daysLater(3))]),
    [0, 0],
    'nothing before 7 days late'
  )
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
  t.equal(
    (await db.query('select 1 from paraphe.invoice_events where invoice_id = $1 and type = $2', [notSent.id, 'reminded'])).rows.length,
    0,
    'an invoice never sent by e-mail is not reminded automatically'
  )

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
