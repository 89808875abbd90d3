// Delivers the queued webhooks (paraphe.webhook_deliveries) on the leased queue the e-mail outbox
// also runs (queue/leased-queue.ts: claim, lease, the « delivered but not marked » set, back-off),
// so just as safe with several gateways on one database: this file says only how an event is
// posted (within WEBHOOK_TIMEOUT_MS, far below the lease) and how it is marked delivered. A 2xx
// answer marks it delivered and it is never sent again; any other outcome is retried. The one
// window for a second delivery is a crash between the receiver's 2xx and the mark; the event id
// (body and Paraphe-Event-Id header) lets the receiver drop it.
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, webhookEventId } from '@paraphe/shared/api/webhook-schemas'
import { signWebhook } from '@paraphe/shared/webhook-signature'
import { planAllowsSql, plansWith } from '../plans/plan-sql.js'
import type { Database } from '../db/database.js'
import { createLeasedQueue, errorText } from '../queue/leased-queue.js'
import type { PollingWorker, WorkerLog } from '../queue/polling-worker.js'
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

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log } = options
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const now = options.now ?? Date.now

  return createLeasedQueue<string, ClaimedRow, PostAnswer>({
    name: 'webhook',
    noun: 'webhook',
    done: 'delivered',
    idField: 'webhookDeliveryId',
    table: 'webhook_deliveries',
    db,
    log,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
    batchSize: DEFAULT_BATCH_SIZE,
    // The plan is read at each claim: a downgrade stops the webhooks at their next attempt.
    claim: {
      returning: 'id, attempts, event_id, endpoint_id, company_id',
      alsoSet: 'last_attempt_at = now(), ',
      select: `select c.id::text as id, c.attempts, c.event_id, e.type, e.data, e.created_at as event_created_at, ep.url, ep.secret,
                      ${planAllowsSql('c.company_id', '$3')} as plan_allows
                 from claimed c
                 join paraphe.webhook_events e on e.id = c.event_id
                 join paraphe.webhook_endpoints ep on ep.id = c.endpoint_id`,
      params: [plansWith('api')]
    },
    async deliver(row) {
      if (!row.plan_allows)
        return { ok: false, error: PLAN_REFUSAL, final: true, columns: { last_status_code: null, response_excerpt: null } }
      const body = webhookBody(
        { id: row.event_id, type: row.type, data: row.data, createdAt: new Date(row.event_created_at) },
        options.publicUrl
      )
      const headers = {
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(row.secret, body, Math.floor(now() / 1000)),
        [WEBHOOK_EVENT_ID_HEADER]: webhookEventId(row.event_id)
      }
      let answer: PostAnswer
      try {
        answer = await postWebhook(new URL(row.url), body, headers, options.destination, timeoutMs)
      } catch (error) {
        return { ok: false, error: errorText(error), columns: { last_status_code: null, response_excerpt: null } }
      }
      if (answer.statusCode >= 200 && answer.statusCode <= 299) return { ok: true, receipt: answer }
      const excerpt = answer.excerpt.slice(0, RESPONSE_EXCERPT_MAX)
      return {
        ok: false,
        error: `Réponse ${answer.statusCode} du serveur.`,
        columns: { last_status_code: answer.statusCode, response_excerpt: excerpt }
      }
    },
    async mark(id, answer) {
      await db.query(
        `update paraphe.webhook_deliveries
            set status = 'delivered', delivered_at = now(), last_status_code = $2, response_excerpt = $3, last_error = null
          where id = $1`,
        [id, answer.statusCode, answer.excerpt.slice(0, RESPONSE_EXCERPT_MAX)]
      )
    },
    describe: (row) => ({ type: row.type })
  })
}
