// Reminding the client: by hand from the workspace, or automatically on the plans that have it
// (3 and 7 days after sending), never once the quote is signed, declined, cancelled or expired.
import type { CompanyProfile } from '@paraphe/shared/company'
import { isAwaitingClient } from '@paraphe/shared/quote'
import { formatDateTime } from '@paraphe/shared/dates'
import { canRemindAt, nextReminderAt, REMINDER_GAP_HOURS } from '@paraphe/shared/reminders'
import type { Site } from '../config.js'
import type { Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { enqueueEmail } from '../mail/outbox.js'
import { reminderEmail } from '../mail/templates/quote-follow-ups.js'
import { emailLogo } from '../mail/templates/email-logo.js'
import { documentOf } from './quote-document.js'
import { toQuote, type QuoteRow } from './quote-rows.js'
import { findQuote, recordEvent } from './quotes-repository.js'
import { createSigningLink } from './signing-links.js'
import { senderNameFor } from '../mail/sender-name.js'

/** Days after sending when automatic reminders go out (at most one per entry). */

/** Queues a reminder with a fresh link, records it; the caller's transaction holds the quote. */
export async function queueReminder(tx: Queryable, row: QuoteRow & { company_id: string }, site: Site, automatic: boolean): Promise<void> {
  const quote = toQuote(row)
  const company = row.company as CompanyProfile
  const signingUrl = await createSigningLink(
    tx,
    { id: row.id, companyId: row.company_id, expiresOn: row.expires_on as string },
    site.siteUrl
  )
  // The logo frozen at sending: there only when the plan included it then, as on the PDF.
  const logo = emailLogo((await documentOf(tx, row)).logo, company.companyName)
  await enqueueEmail(tx, {
    companyId: row.company_id,
    kind: 'quote-reminder',
    to: quote.client.email,
    replyTo: company.email === '' ? null : company.email,
    senderName: senderNameFor(company.companyName, site.siteName),
    ...reminderEmail(quote, company, signingUrl, site, logo?.layout),
    ...(logo === null ? {} : { attachments: [logo.attachment] })
  })
  await tx.query('update paraphe.quotes set reminders_sent = reminders_sent + 1, last_reminded_at = now() where id = $1', [row.id])
  await recordEvent(tx, row.id, row.company_id, 'reminded', { automatic })
}

/** « Relancer » from the workspace (as the user, under RLS). */
export async function remindByHand(tx: Queryable, companyId: string, id: string, site: Site): Promise<void> {
  const row = await findQuote(tx, id, { lock: true })
  if (!isAwaitingClient(row.status)) {
    throw new ApiProblem(409, 'not_awaiting', 'Seul un devis envoyé, ni signé, ni refusé, ni expiré, ni annulé peut être relancé.')
  }
  const { rows } = await tx.query<{ last_reminded_at: Date | null; now: Date }>(
    'select last_reminded_at, now() as now from paraphe.quotes where id = $1',
    [id]
  )
  const last = rows[0]?.last_reminded_at ?? null
  if (!canRemindAt(last, rows[0]?.now ?? new Date())) {
    const next = formatDateTime(nextReminderAt(last) as Date)
    throw new ApiProblem(
      429,
      'reminded_recently',
      `Ce client a déjà été relancé il y a moins de ${REMINDER_GAP_HOURS} heures : laissez-lui un peu de temps. Prochaine relance possible le ${next}.`
    )
  }
  await queueReminder(tx, { ...row, company_id: companyId }, site, false)
}

/**
 * « Désactiver les liens » (a link was forwarded by mistake): every link of the quote stops
 * working; a reminder then sends the client a new one.
 */
export async function revokeLinks(tx: Queryable, companyId: string, id: string): Promise<number> {
  const row = await findQuote(tx, id, { lock: true })
  if (!isAwaitingClient(row.status)) {
    throw new ApiProblem(409, 'not_awaiting', 'Les liens d’un devis signé, refusé, expiré ou annulé ne servent plus : rien à désactiver.')
  }
  const { rowCount } = await tx.query('update paraphe.signing_links set revoked_at = now() where quote_id = $1 and revoked_at is null', [
    id
  ])
  await recordEvent(tx, id, companyId, 'links-revoked', { count: rowCount })
  return rowCount
}
