// Queueing a job: one row in paraphe.jobs, written in the caller's transaction so that the job
// exists exactly when the work it follows committed (an issued invoice always has its render
// queued; a rolled-back issue has none). Runs as a member (RLS: its own company) or as the owner.
import type { Queryable } from '../db/database.js'
import type { JobDefinition } from './job-definition.js'

export interface EnqueueOptions {
  /** The company the job works for; required when `tx` is a member's transaction (RLS). */
  companyId?: string | null
  /** Not before this delay (a retry series, a later check). */
  delayMs?: number
}

/** Resolves to true when queued, false when a run with the same singleton key was already pending. */
export async function enqueueJob<Payload extends object>(
  tx: Queryable,
  definition: JobDefinition<Payload>,
  payload: Payload,
  options: EnqueueOptions = {}
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into paraphe.jobs (name, payload, company_id, singleton_key, next_attempt_at)
     values ($1, $2, $3, $4, now() + $5::integer * interval '1 millisecond')
     on conflict (singleton_key) where status = 'pending' do nothing`,
    [
      definition.name,
      JSON.stringify(payload),
      options.companyId ?? null,
      definition.singletonKey === null ? null : definition.singletonKey(payload),
      Math.max(0, Math.round(options.delayMs ?? 0))
    ]
  )
  return rowCount > 0
}
