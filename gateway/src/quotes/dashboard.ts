// The workspace's figures (GET /api/dashboard). Runs inside `asUser`: the policies keep them to the
// account's own quotes. Months follow the Paris calendar, like the plans' monthly quota.
import { RECENT_ACTIVITY, type Dashboard } from '@paraphe/shared/api/dashboard-schemas'
import { quoteEventLabel } from '@paraphe/shared/quote-events'
import { AUTOMATIC_REMINDER_DAYS, REMINDER_GAP_HOURS } from '@paraphe/shared/reminders'
import type { Queryable } from '../db/database.js'

const MONTH_START = `(date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`
/** Events worth showing as activity (not the professional's own edits). */
const ACTIVITY = ['sent', 'viewed', 'signed', 'declined', 'expired', 'cancelled', 'reminded']

export async function dashboard(tx: Queryable): Promise<Omit<Dashboard, 'receivables'>> {
  const {
    rows: [figures]
  } = await tx.query<{
    awaiting: number
    awaiting_ttc: string
    signed: number
    closed: number
    reminders_due: number
  }>(
    `select count(*) filter (where status in ('sent', 'viewed'))::int as awaiting,
            coalesce(sum(total_ttc_cents) filter (where status in ('sent', 'viewed')), 0)::text as awaiting_ttc,
            count(*) filter (where status = 'signed')::int as signed,
            count(*) filter (where status in ('signed', 'declined', 'expired'))::int as closed,
            count(*) filter (where status in ('sent', 'viewed')
                               and sent_at <= now() - make_interval(days => $1)
                               and (last_reminded_at is null or last_reminded_at <= now() - make_interval(hours => $2)))::int as reminders_due
       from paraphe.quotes`,
    [AUTOMATIC_REMINDER_DAYS[0], REMINDER_GAP_HOURS]
  )
  const {
    rows: [month]
  } = await tx.query<{ count: number; ttc: string }>(
    `select count(*)::int as count, coalesce(sum(q.total_ttc_cents), 0)::text as ttc
       from paraphe.quotes q
      where q.status = 'signed'
        and exists (select 1 from paraphe.quote_events e where e.quote_id = q.id and e.type = 'signed' and e.occurred_at >= ${MONTH_START})`
  )
  // One line per quote and kind of event, at its latest time: a client who opens the link five
  // times is one « consulté » with its count, not five lines pushing the rest out of the list.
  const { rows: recent } = await tx.query<{
    quote_id: string
    number: string | null
    title: string
    type: string
    occurred_at: Date
    times: number
  }>(
    `select e.quote_id, q.number, q.content ->> 'title' as title, e.type, max(e.occurred_at) as occurred_at, count(*)::int as times
       from paraphe.quote_events e join paraphe.quotes q on q.id = e.quote_id
      where e.type = any($1)
      group by e.quote_id, q.number, q.content ->> 'title', e.type
      order by max(e.occurred_at) desc, max(e.id) desc
      limit $2`,
    [ACTIVITY, RECENT_ACTIVITY]
  )
  const signed = figures?.signed ?? 0
  const closed = figures?.closed ?? 0
  return {
    awaiting: { count: figures?.awaiting ?? 0, totalTtcCents: Number(figures?.awaiting_ttc ?? 0) },
    signedThisMonth: { count: month?.count ?? 0, totalTtcCents: Number(month?.ttc ?? 0) },
    signature: { signed, closed, ratePercent: closed === 0 ? null : Math.round((signed * 100) / closed) },
    remindersDue: figures?.reminders_due ?? 0,
    recent: recent.map((row) => ({
      subject: 'quote',
      id: row.quote_id,
      number: row.number,
      title: row.title,
      type: row.type,
      label: quoteEventLabel(row.type),
      occurredAt: row.occurred_at.toISOString(),
      count: row.times
    }))
  }
}
