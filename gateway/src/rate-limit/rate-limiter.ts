// One rate limiter for every gateway process: fixed-window counters in PostgreSQL (PGlite or a
// server), so that several gateways on one database share one budget and a restart forgets
// nothing. One upsert per hit; the window is computed by the database's clock, the same for all.
// Subjects (IP addresses, e-mail addresses) are kept only as SHA-256 digests.
import { createHash } from 'node:crypto'
import { theRow, type Queryable } from '../db/database.js'

export interface RateLimitRule {
  /** Keeps budgets apart (`auth`, `refresh`, `signin-failures`…). */
  bucket: string
  /** Hits allowed per window. */
  max: number
  windowSeconds: number
}

export interface RateLimitResult {
  allowed: boolean
  /** Hits in the current window, this one included. */
  hits: number
  /** Seconds until the window ends. */
  retryAfterSeconds: number
}

export interface RateLimiter {
  /** Counts one hit of `subject` and says whether it is within the budget. */
  hit(rule: RateLimitRule, subject: string): Promise<RateLimitResult>
  /** The hits of `subject` in the current window, without counting one. */
  peek(rule: RateLimitRule, subject: string): Promise<RateLimitResult>
  /** Forgets `subject`'s hits (e.g. failed sign-ins after a successful one). */
  reset(rule: RateLimitRule, subject: string): Promise<void>
}

export function keyOf(rule: RateLimitRule, subject: string): string {
  return createHash('sha256').update(`${rule.bucket}\0${rule.windowSeconds}\0${subject}`).digest('hex')
}

/** How often (one hit in N) old windows are deleted, so the table stays small without a job. */
const CLEANUP_ONE_IN = 200

export function createRateLimiter(db: Queryable): RateLimiter {
  const windowStart = `to_timestamp(floor(extract(epoch from now()) / $2::int) * $2::int)`
  const result = (rule: RateLimitRule, hits: number, remaining: number): RateLimitResult => ({
    allowed: hits <= rule.max,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil(remaining))
  })
  return {
    async hit(rule, subject) {
      const { rows } = await db.query<{ hits: number; remaining: number }>(
        `insert into paraphe.rate_limits as r (key, window_start, hits) values ($1, ${windowStart}, 1)
         on conflict (key) do update
           set hits = case when r.window_start = excluded.window_start then r.hits + 1 else 1 end,
               window_start = excluded.window_start
         returning hits, extract(epoch from (window_start + make_interval(secs => $2::int) - now()))::float8 as remaining`,
        [keyOf(rule, subject), rule.windowSeconds]
      )
      if (Math.random() * CLEANUP_ONE_IN < 1) {
        await db.query(`delete from paraphe.rate_limits where window_start < now() - interval '1 day'`)
      }
      const row = theRow(rows)
      return result(rule, Number(row.hits), Number(row.remaining))
    },
    async peek(rule, subject) {
      const { rows } = await db.query<{ hits: number; remaining: number }>(
        `select case when window_start = ${windowStart} then hits else 0 end as hits,
                extract(epoch from (${windowStart} + make_interval(secs => $2::int) - now()))::float8 as remaining
           from paraphe.rate_limits where key = $1`,
        [keyOf(rule, subject), rule.windowSeconds]
      )
      const row = rows[0]
      return result(rule, row === undefined ? 0 : Number(row.hits), row === undefined ? rule.windowSeconds : Number(row.remaining))
    },
    async reset(rule, subject) {
      await db.query('delete from paraphe.rate_limits where key = $1', [keyOf(rule, subject)])
    }
  }
}
