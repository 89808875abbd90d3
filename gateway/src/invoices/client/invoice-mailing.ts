// One invoice e-mail to the client, queued in the caller's transaction: the invoice itself
// (« Envoyer la facture ») or a payment reminder, each with a new link to the invoice page and
// the Factur-X PDF attached, recorded as the invoice's `sent` or `reminded` event.
import { parisIsoDate } from '@paraphe/shared/dates'
import { remainingCents } from '@paraphe/shared/invoices/invoice-payment-status'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Site } from '../../config.js'
import type { Queryable } from '../../db/database.js'
import { enqueueEmail } from '../../mail/outbox.js'
import { senderNameFor } from '../../mail/sender-name.js'
import { invoiceEmail, invoiceReminderEmail } from '../../mail/templates/invoice-emails.js'
import { invoiceFileName } from '../invoice-files.js'
import { pdfInPreparation } from '../invoice-issuing.js'
import type { InvoiceRow } from '../invoice-rows.js'
import { createInvoiceLink } from './invoice-links.js'

export type InvoiceMail =
  { type: 'invoice'; to: string } | { type: 'reminder'; to: string; now: Date; automatic: boolean; delayDays: number | null }

/** Days from the due date to `today` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The company's Stripe account is connected and takes payments. */
async function takesCardPayments(tx: Queryable, companyId: string): Promise<boolean> {
  const { rows } = await tx.query(
    'select 1 from paraphe.stripe_connections where company_id = $1 and disconnected_at is null and charges_enabled',
    [companyId]
  )
  return rows.length > 0
}

export async function queueInvoiceMail(tx: Queryable, row: InvoiceRow, mail: InvoiceMail, site: Site): Promise<void> {
  const document = row.document as InvoiceDocument
  const { rows } = await tx.query<{ pdf: Uint8Array | null }>('select pdf from paraphe.invoices where id = $1', [row.id])
  const pdf = rows[0]?.pdf ?? null
  // The actions render it first (invoice-actions.ts); the periodic reminders come days later.
  if (pdf === null) throw pdfInPreparation()
  const invoiceUrl = await createInvoiceLink(tx, { id: row.id, companyId: row.company_id }, site.siteUrl)
  const facts = {
    document,
    remainingCents: remainingCents({
      kind: row.kind,
      status: row.status,
      amountDueCents: row.amount_due_cents,
      paidCents: row.paid_cents,
      creditedCents: row.credited_cents
    }),
    invoiceUrl,
    cardPayment: site.cardPayments === true && (await takesCardPayments(tx, row.company_id))
  }
  const content =
    mail.type === 'invoice'
      ? invoiceEmail(facts, site)
      : invoiceReminderEmail({ ...facts, daysLate: daysBetween(document.dueDate, parisIsoDate(mail.now)) }, site)
  await enqueueEmail(tx, {
    companyId: row.company_id,
    kind: mail.type === 'invoice' ? 'invoice' : 'invoice-reminder',
    to: mail.to,
    replyTo: document.seller.email === '' ? null : document.seller.email,
    senderName: senderNameFor(document.seller.name, site.siteName),
    ...content,
    attachments: [
      {
        filename: invoiceFileName(row.kind, document.number, 'pdf'),
        contentType: 'application/pdf',
        contentBase64: Buffer.from(pdf).toString('base64')
      }
    ]
  })
  const data =
    mail.type === 'invoice'
      ? { to: mail.to }
      : { to: mail.to, automatic: mail.automatic, ...(mail.delayDays === null ? {} : { delayDays: mail.delayDays }) }
  await tx.query(`insert into paraphe.invoice_events (invoice_id, company_id, type, data) values ($1, $2, $3, $4)`, [
    row.id,
    row.company_id,
    mail.type === 'invoice' ? 'sent' : 'reminded',
    JSON.stringify(data)
  ])
}
