// A rate limiter for budgets spent often (session refreshes: ten times the sign-in budget), without
// a database round trip per hit. Each gateway keeps, per subject, the window's total as last read
// from the database plus its own hits since; the first hit of a subject in a window is counted in
// the database (so a gateway never starts from zero on a budget another one spent), the next ones
// locally, and every `flushIntervalMs` all of them go to the database in one statement, which
// returns the totals of every gateway. Same table, keys and windows as rate-limiter.ts.
//
// The price: between two flushes a gateway does not see the others' hits, so N gateways may let
// through up to N × (hits per interval) more than the budget, once per window. For a refresh budget
// of hundreds per minute and an interval of a second, that is noise; sign-in attempts keep the
// exact, per-hit limiter.
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
  /** Local clock, ms: when the database's window ends. */
  endsAt: number
  /** Hits of every gateway in the window, as the database last said. */
  counted: number
  /** This gateway's hits since, not yet in the database. */
  pending: number
  /** The first hit's round trip, which later hits of the window wait for. */
  opened: Promise<void>
}

const windowStart = (seconds: string) => `to_timestamp(floor(extract(epoch from now()) / ${seconds}) * ${seconds})`
const UPSERT = `on conflict (key) do update
  set hits = case when r.window_start = excluded.window_start then r.hits + excluded.hits else excluded.hits end,
      window_start = excluded.window_start`

export function createBatchedRateLimiter(db: Queryable, options: { flushIntervalMs: number }): BatchedRateLimiter {
  const windows = new Map<string, Window>()
  let flushing: Promise<void> = Promise.resolve()

  async function open(key: string, window: Window): Promise<void> {
    const { rows } = await db.query<{ hits: number; remaining: number }>(
      `insert into paraphe.rate_limits as r (key, window_start, hits) values ($1, ${windowStart('$2::int')}, 1) ${UPSERT}
       returning hits, extract(epoch from (window_start + make_interval(secs => $2::int) - now()))::float8 as remaining`,
      [key, window.rule.windowSeconds]
    )
    const row = rows[0] as { hits: number; remaining: number }
    window.counted = Number(row.hits)
    window.endsAt = Date.now() + Number(row.remaining) * 1000
  }

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
      const { rows } = await db.query<{ key: string; hits: number }>(
        `insert into paraphe.rate_limits as r (key, window_start, hits)
         select key, ${windowStart('seconds')}, hits from unnest($1::text[], $2::int[], $3::int[]) as batch(key, seconds, hits)
         ${UPSERT} returning key, hits`,
        [batch.map((entry) => entry.key), batch.map((entry) => entry.window.rule.windowSeconds), batch.map((entry) => entry.hits)]
      )
      const totals = new Map(rows.map((row) => [row.key, Number(row.hits)]))
      for (const { key, window } of batch) window.counted = totals.get(key) ?? window.counted
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
      let window = windows.get(key)
      if (window === undefined || Date.now() >= window.endsAt) {
        const fresh: Window = { rule, endsAt: Number.POSITIVE_INFINITY, counted: 0, pending: 0, opened: Promise.resolve() }
        fresh.opened = open(key, fresh).catch((error: unknown) => {
          windows.delete(key)
          throw error
        })
        windows.set(key, fresh)
        await fresh.opened
        return resultOf(fresh, Date.now())
      }
      await window.opened
      window.pending += 1
      return resultOf(window, Date.now())
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
