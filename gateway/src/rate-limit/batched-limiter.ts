// A rate limiter for budgets spent often (session refreshes: ten times the sign-in budget), without
// a database round trip per hit. Each gateway counts, per subject, its own hits of the window on
// top of the window's total as last read from the database; every `flushIntervalMs`, the hits not
// yet sent go to the database in one statement, which returns the totals of every gateway. Same
// table, keys and windows as rate-limiter.ts, so a restart forgets nothing that was flushed.
//
// The price: between two flushes a gateway does not see the others' hits (nor, just after a start,
// those already in the database), so N gateways may let through up to N × (hits per interval)
// more than the budget, once per window. For a refresh budget of hundreds per minute and an
// interval of a second, that is noise; sign-in attempts keep the exact, per-hit limiter.
import type { Queryable } from '../db/database.js'
import { keyOf, type RateLimitResult, type RateLimitRule } from './rate-limiter.js'

export interface BatchedRateLimiter {
  hit(rule: RateLimitRule, subject: string): Promise<RateLimitResult>
  /** Sends the hits not yet counted in the database and reads back the totals. */
  flush(): Promise<void>
  /** Stops the periodic flush, after a last one. */
  close(): Promise<void>
}

interface Window {
  rule: RateLimitRule
  /** Local clock, ms: when the window ends. */
  endsAt: number
  /** Hits of every gateway in the window, as the database last said. */
  counted: number
  /** This gateway's hits since, not yet in the database. */
  pending: number
}

const windowStart = (seconds: string) => `to_timestamp(floor(extract(epoch from now()) / ${seconds}) * ${seconds})`
const UPSERT = `on conflict (key) do update
  set hits = case when r.window_start = excluded.window_start then r.hits + excluded.hits else excluded.hits end,
      window_start = excluded.window_start`

export function createBatchedRateLimiter(db: Queryable, options: { flushIntervalMs: number }): BatchedRateLimiter {
  const windows = new Map<string, Window>()
  let flushing: Promise<void> = Promise.resolve()

  async function flushNow(): Promise<void> {
    const now = Date.now()
    const batch: Array<{ key: string; window: Window; hits: number }> = []
    for (const [key, window] of windows) {
      if (window.pending > 0) batch.push({ key, window, hits: window.pending })
      else if (now >= window.endsAt) windows.delete(key)
    }
    if (batch.length === 0) return
    for (const entry of batch) entry.window.pending -= entry.hits
    try {
      const { rows } = await db.query<{ key: string; hits: number; started: number }>(
        `insert into paraphe.rate_limits as r (key, window_start, hits)
         select key, ${windowStart('seconds')}, hits from unnest($1::text[], $2::int[], $3::int[]) as batch(key, seconds, hits)
         ${UPSERT} returning key, hits, extract(epoch from window_start)::float8 as started`,
        [batch.map((entry) => entry.key), batch.map((entry) => entry.window.rule.windowSeconds), batch.map((entry) => entry.hits)]
      )
      const totals = new Map(rows.map((row) => [row.key, row]))
      for (const { key, window } of batch) {
        const row = totals.get(key)
        if (row === undefined) continue
        window.counted = Number(row.hits)
        // The database's clock decides when the window ends, as for rate-limiter.ts.
        window.endsAt = (Number(row.started) + window.rule.windowSeconds) * 1000
      }
    } catch {
      // Counted again at the next flush: a lost round trip must not forget hits.
      for (const entry of batch) entry.window.pending += entry.hits
    }
  }

  const flush = (): Promise<void> => {
    flushing = flushing.then(flushNow)
    return flushing
  }
  const timer = setInterval(() => void flush(), options.flushIntervalMs)
  // Never what keeps the process alive.
  timer.unref()

  return {
    async hit(rule, subject) {
      const key = keyOf(rule, subject)
      const now = Date.now()
      let window = windows.get(key)
      if (window === undefined || now >= window.endsAt) {
        // A new window: hits not yet sent of the one that ended no longer count against anything.
        const length = rule.windowSeconds * 1000
        window = { rule, endsAt: (Math.floor(now / length) + 1) * length, counted: 0, pending: 0 }
        windows.set(key, window)
      }
      window.pending += 1
      return resultOf(window, now)
    },
    flush,
    async close() {
      clearInterval(timer)
      await flush()
    }
  }
}

function resultOf(window: Window, now: number): RateLimitResult {
  const hits = window.counted + window.pending
  return { allowed: hits <= window.rule.max, hits, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) }
}
