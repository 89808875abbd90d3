// Payment reminders: automatic ones at the company's delays after the due date (7, 15 and 30 days
// unless it chose others), « Relancer » by hand, both stopped once nothing is left to pay (a full
// payment, or credit notes). Each carries the late-payment penalty and the 40 € indemnity.
import { parisIsoDate, formatDateTime } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { DEFAULT_INVOICE_REMINDER_DAYS, type ReminderSettings } from '@paraphe/shared/api/invoice-client-schemas'
import { remainingCents } from '@paraphe/shared/invoices/invoice-payment-status'
import { REMINDER_GAP_HOURS } from '@paraphe/shared/reminders'
import { theRow, type Database, type Queryable } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'
import { INVOICE_COLUMNS, type InvoiceRow } from '../invoice-rows.js'
import { findInvoice, getInvoice } from '../invoices-repository.js'
import type { Site } from '../../config.js'
import { queueInvoiceMail } from './invoice-mailing.js'

const BATCH = 50

/** Where the last e-mail about the invoice went (the client may have been reached at another address), else the client's. */
const RECIPIENT_SQL = `coalesce((select e.data ->> 'to' from paraphe.invoice_events e where e.invoice_id = i.id and e.type in ('sent', 'reminded') order by e.id desc limit 1), i.document -> 'buyer' ->> 'email', '')`

/** « Relancer »: a reminder now, whatever the delays, at most once per REMINDER_GAP_HOURS. */
export async function remindInvoiceByHand(tx: Queryable, id: string, site: Site, now: Date): Promise<{ invoice: Invoice; sentTo: string }> {
  const row = await findInvoice(tx, id, { lock: true })
  if (row.status !== 'issued')
    throw new ApiProblem(409, 'invoice_draft', 'Un brouillon ne se relance pas : émettez et envoyez la facture d’abord.')
  if (row.kind === 'credit_note') throw new ApiProblem(409, 'invoice_is_credit_note', 'Un avoir ne se relance pas : il n’y a rien à payer.')
  const facts = {
    kind: row.kind,
    status: row.status,
    amountDueCents: row.amount_due_cents,
    paidCents: row.paid_cents,
    creditedCents: row.credited_cents
  }
  if (remainingCents(facts) === 0)
    throw new ApiProblem(409, 'invoice_paid', 'Cette facture est entièrement réglée (ou annulée par un avoir) : rien à relancer.')
  const { rows } = await tx.query<{ to_address: string; last_at: Date | null }>(
    `select ${RECIPIENT_SQL} as to_address,
            (select max(e.occurred_at) from paraphe.invoice_events e where e.invoice_id = i.id and e.type in ('sent', 'reminded')) as last_at
       from paraphe.invoices i where i.id = $1`,
    [id]
  )
  const found = theRow(rows)
  if (found.last_at !== null && now.getTime() - new Date(found.last_at).getTime() < REMINDER_GAP_HOURS * 3_600_000) {
    const next = formatDateTime(new Date(new Date(found.last_at).getTime() + REMINDER_GAP_HOURS * 3_600_000))
    throw new ApiProblem(
      429,
      'reminded_recently',
      `Ce client a reçu un e-mail sur cette facture il y a moins de ${REMINDER_GAP_HOURS} heures. Prochaine relance possible le ${next}.`
    )
  }
  if (found.to_address.trim() === '') {
    throw new ApiProblem(
      422,
      'no_client_email',
      'Le client n’a pas d’adresse e-mail sur cette facture : envoyez-la d’abord en indiquant son adresse.'
    )
  }
  await queueInvoiceMail(tx, row, { type: 'reminder', to: found.to_address, now, automatic: false, delayDays: null }, site)
  return { invoice: await getInvoice(tx, id, now), sentTo: found.to_address }
}

/**
 * The automatic reminders due at `now`, for every company (run by the periodic jobs as the
 * database owner). An invoice gets the reminder of the largest delay it has passed, unless one of
 * that delay or a later one went already: a gateway stopped for a week sends one reminder, not
 * three. Only invoices sent through Paraphe are reminded (one an ERP sends itself is its business).
 * Rows are claimed with SKIP LOCKED, and the event's unique index makes each delay's reminder once.
 */
export async function sendDueInvoiceReminders(db: Database, site: Site, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<InvoiceRow & { delay: number; to_address: string }>(
      `select ${INVOICE_COLUMNS}, d.delay, ${RECIPIENT_SQL} as to_address
         from paraphe.invoices i
         left join paraphe.invoice_settings s on s.company_id = i.company_id
         cross join lateral (select max(x) as delay from unnest(coalesce(s.reminder_days, $2::int[])) as x where i.due_date + x <= $1::date) d
        where i.status = 'issued' and i.kind <> 'credit_note' and d.delay is not null
          and exists (select 1 from paraphe.invoice_events e where e.invoice_id = i.id and e.type = 'sent')
          and not exists (select 1 from paraphe.invoice_events e where e.invoice_id = i.id and e.type = 'reminded'
                            and e.data ? 'delayDays' and (e.data ->> 'delayDays')::int >= d.delay)
          and i.amount_due_cents > coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0)
                                 + coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0)
        order by i.due_date limit ${BATCH}
        for update of i skip locked`,
      [parisIsoDate(now), [...DEFAULT_INVOICE_REMINDER_DAYS]]
    )
    let sent = 0
    for (const row of rows) {
      if (row.to_address.trim() === '') continue
      await queueInvoiceMail(tx, row, { type: 'reminder', to: row.to_address, now, automatic: true, delayDays: row.delay }, site)
      sent += 1
    }
    return sent
  })
}

export async function reminderSettings(tx: Queryable): Promise<ReminderSettings> {
  const { rows } = await tx.query<{ reminder_days: number[] }>(
    'select reminder_days from paraphe.invoice_settings where company_id = (select paraphe.current_company_id())'
  )
  return { reminderDays: rows[0]?.reminder_days ?? [...DEFAULT_INVOICE_REMINDER_DAYS] }
}

/** Delays in increasing order, each once (the form may send them in any order). */
export async function saveReminderSettings(tx: Queryable, companyId: string, settings: ReminderSettings): Promise<ReminderSettings> {
  const days = [...new Set(settings.reminderDays)].sort((a, b) => a - b)
  await tx.query(
    `insert into paraphe.invoice_settings (company_id, reminder_days) values ($1, $2::int[])
     on conflict (company_id) do update set reminder_days = excluded.reminder_days, updated_at = now()`,
    [companyId, days]
  )
  return { reminderDays: days }
}
