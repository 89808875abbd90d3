// The claim every leased queue uses (the outbox, the webhooks' deliveries, the jobs), safe with
// several gateways on one database: the next due pending row
// is taken `for update skip locked` (two instances never take the same one), its attempt counted
// and its next_attempt_at pushed a lease ahead, so nobody else takes it meanwhile; if the
// instance dies, the lease expires and another one takes it again.

/** The tables a leased queue runs on. */
export type QueueTable = 'outbox' | 'webhook_deliveries' | 'jobs'

/**
 * `with claimed as (…)` over paraphe.`table`, returning `returning`; the caller selects from
 * `claimed`. Parameters: $1 the lease in ms, $2 the ids already tried in this pass (bigint[]).
 */
export function leaseClaim(table: QueueTable, returning: string, alsoSet = ''): string {
  return `with claimed as (
    update paraphe.${table}
       set attempts = attempts + 1, ${alsoSet}next_attempt_at = now() + $1::integer * interval '1 millisecond'
     where id = (select id from paraphe.${table}
                  where status = 'pending' and next_attempt_at <= now() and not (id = any($2::bigint[]))
                  order by next_attempt_at, id
                  limit 1
                  for update skip locked)
     returning ${returning}
  )`
}
