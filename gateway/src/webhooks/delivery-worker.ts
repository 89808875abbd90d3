// Delivers the queued webhooks (paraphe.webhook_deliveries), like the e-mail outbox's worker and
// just as safe with several gateways on one database:
//
// 1. Claim one due delivery in a short transaction (`for update skip locked`): its attempt is
//    counted and its next_attempt_at pushed a lease ahead, so no other gateway takes it meanwhile.
// 2. POST it, outside any transaction, within WEBHOOK_TIMEOUT_MS (far below the lease).
// 3. A 2xx answer marks it delivered, and it is never sent again (a failed update is retried from
//    memory before anything else, the lease keeping the row); any other outcome schedules the next
//    attempt with the outbox's back-off, or gives it up as `failed` after the last one.
//
// As with e-mails, the one window for a second delivery is a crash between the receiver's 2xx and
// step 3's commit; the event id (body and Paraphe-Event-Id header) lets the receiver drop it.
import { planAllows, PLANS } from '@paraphe/shared/plans'
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, webhookEventId } from '@paraphe/shared/api/webhook-schemas'
import { signWebhook } from '@paraphe/shared/webhook-signature'
import { PAID_STATUSES } from '../plans/paid-statuses.js'
import type { Database } from '../db/database.js'
import { MAX_ATTEMPTS, retryDelayMs } from '../mail/retry-delay.js'
import { leaseClaim } from '../queue/lease-claim.js'
import { createPollingWorker, type PollingWorker, type WorkerLog } from '../queue/polling-worker.js'
import type { DestinationRules } from './destination.js'
import { webhookBody } from './event-body.js'
import { postWebhook, RESPONSE_EXCERPT_MAX, type PostAnswer } from './post-event.js'

/**
 * A fallback: the gateway that queues an event wakes its worker after the commit, and a retry
 * is taken when it falls due. The poll finds the rest, later: events queued or retries scheduled
 * by another gateway, and leases left by a gateway that died.
 */
export const DEFAULT_POLL_INTERVAL_MS = 60_000
export const DEFAULT_LEASE_MS = 5 * 60_000
export const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_BATCH_SIZE = 20
const ERROR_TEXT_MAX = 1_000

/** Plans whose companies' webhooks go out (read at each claim: a downgrade stops them). */
const WEBHOOK_PLANS = PLANS.filter((plan) => planAllows(plan, 'api')).map((plan) => plan.id)
export const PLAN_REFUSAL = 'La formule de l’entreprise n’inclut pas les webhooks (formule Entreprise) : événement non envoyé.'

export interface WebhookWorkerOptions {
  /** The gateway's owner role: it reads the endpoints' secrets, which members cannot. */
  db: Database
  log: WorkerLog
  publicUrl: URL
  destination: DestinationRules
  pollIntervalMs?: number
  retryDelayMs?: (attempts: number) => number
  leaseMs?: number
  maxAttempts?: number
  timeoutMs?: number
  /** The clock of the signature's `t=` (tests move it). */
  now?: () => number
}

export type WebhookWorker = PollingWorker

interface ClaimedRow {
  id: string
  attempts: number
  event_id: string
  type: string
  data: Record<string, unknown>
  event_created_at: Date | string
  url: string
  secret: string
  plan_allows: boolean
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.slice(0, ERROR_TEXT_MAX)
}

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log } = options
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const delayAfter = options.retryDelayMs ?? ((attempts: number) => retryDelayMs(attempts))
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const now = options.now ?? Date.now

  /** Answered 2xx, but the update saying so has not committed yet: never posted again. */
  const unmarked = new Map<string, PostAnswer>()
  /** When the retries this worker scheduled fall due (Date.now() ms), so as not to wait for the poll. */
  let retriesDueAt: number[] = []

  async function claim(tried: readonly string[]): Promise<ClaimedRow | null> {
    return db.transaction(async (tx) => {
      const result = await tx.query<ClaimedRow>(
        `${leaseClaim('webhook_deliveries', 'id, attempts, event_id, endpoint_id, company_id', 'last_attempt_at = now(), ')}
         select c.id::text as id, c.attempts, c.event_id, e.type, e.data, e.created_at as event_created_at, ep.url, ep.secret,
                exists (select 1 from paraphe.subscriptions s
                         where s.company_id = c.company_id and s.status = any($3::text[]) and s.plan_id = any($4::text[])) as plan_allows
           from claimed c
           join paraphe.webhook_events e on e.id = c.event_id
           join paraphe.webhook_endpoints ep on ep.id = c.endpoint_id`,
        [leaseMs, tried, PAID_STATUSES, WEBHOOK_PLANS]
      )
      return result.rows[0] ?? null
    })
  }

  async function markDelivered(id: string, answer: PostAnswer): Promise<void> {
    await db.query(
      `update paraphe.webhook_deliveries
          set status = 'delivered', delivered_at = now(), last_status_code = $2, response_excerpt = $3, last_error = null
        where id = $1`,
      [id, answer.statusCode, answer.excerpt.slice(0, RESPONSE_EXCERPT_MAX)]
    )
  }

  async function flushUnmarked(): Promise<void> {
    for (const [id, answer] of [...unmarked]) {
      await markDelivered(id, answer)
      unmarked.delete(id)
      log.info({ webhookDeliveryId: id }, 'webhook marked delivered after a database failure')
    }
  }

  async function recordFailure(row: ClaimedRow, reason: string, answer: PostAnswer | null, final: boolean): Promise<void> {
    const delayMs = final ? 0 : Math.max(0, Math.round(delayAfter(row.attempts)))
    await db.query(
      `update paraphe.webhook_deliveries
          set status = $2, last_error = $3, last_status_code = $4, response_excerpt = $5,
              next_attempt_at = now() + $6::integer * interval '1 millisecond'
        where id = $1 and status = 'pending'`,
      [row.id, final ? 'failed' : 'pending', reason.slice(0, ERROR_TEXT_MAX), answer?.statusCode ?? null, answer?.excerpt.slice(0, RESPONSE_EXCERPT_MAX) ?? null, delayMs]
    )
    if (!final) retriesDueAt.push(Date.now() + delayMs)
    const details = { webhookDeliveryId: row.id, type: row.type, attempts: row.attempts, error: reason }
    if (final) log.warn(details, 'webhook given up (status failed)')
    else log.info({ ...details, retryInMs: delayMs }, 'webhook not delivered, will retry')
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    if (!row.plan_allows) return recordFailure(row, PLAN_REFUSAL, null, true)
    const body = webhookBody({ id: row.event_id, type: row.type, data: row.data, createdAt: new Date(row.event_created_at) }, options.publicUrl)
    const headers = {
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(row.secret, body, Math.floor(now() / 1000)),
      [WEBHOOK_EVENT_ID_HEADER]: webhookEventId(row.event_id)
    }
    let answer: PostAnswer
    try {
      answer = await postWebhook(new URL(row.url), body, headers, options.destination, timeoutMs)
    } catch (error) {
      return recordFailure(row, errorText(error), null, row.attempts >= maxAttempts)
    }
    if (answer.statusCode < 200 || answer.statusCode > 299) {
      return recordFailure(row, `Réponse ${answer.statusCode} du serveur.`, answer, row.attempts >= maxAttempts)
    }
    unmarked.set(row.id, answer)
    await flushUnmarked()
    log.info({ webhookDeliveryId: row.id, type: row.type, attempts: row.attempts }, 'webhook delivered')
  }

  const nextDueInMs = (): number | null => (retriesDueAt.length === 0 ? null : Math.max(0, Math.min(...retriesDueAt) - Date.now()))

  async function pass(running: () => boolean): Promise<boolean> {
    // Retries already due are claimed by this pass (or were, by another gateway).
    const startedAt = Date.now()
    retriesDueAt = retriesDueAt.filter((dueAt) => dueAt > startedAt)
    await flushUnmarked()
    const tried: string[] = []
    while (tried.length < DEFAULT_BATCH_SIZE) {
      if (!running()) return false
      const row = await claim(tried)
      if (row === null) return false
      tried.push(row.id)
      await deliver(row)
    }
    return true
  }

  return createPollingWorker({
    name: 'webhook',
    pollIntervalMs,
    pass,
    log,
    nextDueInMs,
    afterStop: () =>
      flushUnmarked().catch((error: unknown) =>
        log.error({ err: error, webhookDeliveryIds: [...unmarked.keys()] }, 'webhooks delivered but not marked: they may be sent again')
      )
  })
}
