// The workspace's side of webhooks: the owner lists, creates and deletes the company's endpoints,
// reads their deliveries and puts one back in the queue, under the policies of migration 0012
// (owner only). Creating one needs a plan with the API; the rest does not, so that endpoints can
// still be seen and deleted after a downgrade.
import { randomBytes } from 'node:crypto'
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SECRET_PREFIX,
  webhookEventId,
  type CreatedWebhookEndpoint,
  type NewWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEventType
} from '@paraphe/shared/api/webhook-schemas'
import { planAllows } from '@paraphe/shared/plans'
import { requireOwner, type MemberScope, type RequestMember } from '../company/membership.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { theRow, type Queryable } from '../db/database.js'
import { isRowId } from '../db/row-id.js'
import { ApiProblem } from '../errors.js'
import { requireFeature } from '../plans/plan-gates.js'
import { currentPlan } from '../plans/plan-usage.js'
import { checkWebhookUrl, type DestinationRules } from './destination.js'

const OWNER_ACTION = 'gérer les webhooks'
const COLUMNS = 'id, url, events, secret_prefix, created_at'
/** Prefix plus 6 characters, as for API keys: enough to recognise it, far too little to guess it. */
const DISPLAY_LENGTH = WEBHOOK_SECRET_PREFIX.length + 6
/** The deliveries one endpoint's log shows, newest first. */
export const DELIVERY_LOG_LENGTH = 50

interface EndpointRow {
  id: string
  url: string
  events: WebhookEventType[]
  secret_prefix: string
  created_at: Date
}

interface DeliveryRow {
  id: string
  event_id: string
  type: WebhookEventType
  status: WebhookDeliveryStatus
  attempts: number
  last_status_code: number | null
  last_error: string | null
  last_attempt_at: Date | null
  next_attempt_at: Date
  delivered_at: Date | null
  created_at: Date
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: WEBHOOK_EVENT_TYPES.filter((type) => row.events.includes(type)),
    secretPrefix: row.secret_prefix,
    createdAt: row.created_at.toISOString()
  }
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: webhookEventId(row.event_id),
    eventType: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString()
  }
}

function invalidUrl(problem: string): ApiProblem {
  return new ApiProblem(400, 'validation_failed', problem, { url: problem })
}

export async function listEndpoints(tx: Queryable, member: RequestMember): Promise<WebhookEndpointList> {
  requireOwner(member, OWNER_ACTION)
  const { rows } = await tx.query<EndpointRow>(`select ${COLUMNS} from paraphe.webhook_endpoints order by created_at desc, id desc`)
  return { endpoints: rows.map(toEndpoint), webhooksIncluded: planAllows(await currentPlan(tx), 'api') }
}

/**
 * Checks `request.url` first (outside the transaction: the DNS may take a moment), then stores the
 * endpoint with a new secret, which this answer alone carries.
 */
export async function checkedEndpointUrl(request: NewWebhookEndpoint, rules: DestinationRules): Promise<string> {
  const checked = await checkWebhookUrl(request.url, rules)
  if ('problem' in checked) throw invalidUrl(checked.problem)
  return checked.url.href
}

export async function createEndpoint(
  tx: Queryable,
  member: RequestMember,
  url: string,
  events: readonly WebhookEventType[],
  publicUrl: URL
): Promise<CreatedWebhookEndpoint> {
  requireOwner(member, OWNER_ACTION)
  await requireFeature(tx, 'api', publicUrl)
  const count = (await tx.query<{ n: number }>('select count(*)::int as n from paraphe.webhook_endpoints')).rows[0]?.n ?? 0
  if (count >= MAX_WEBHOOK_ENDPOINTS) {
    throw new ApiProblem(
      409,
      'webhook_endpoints_limit',
      `Une entreprise peut enregistrer ${MAX_WEBHOOK_ENDPOINTS} adresses de webhooks au plus : supprimez-en une d’abord.`
    )
  }
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
  const { rows } = await tx.query<EndpointRow>(
    `insert into paraphe.webhook_endpoints (company_id, url, events, secret, secret_prefix)
     values ($1, $2, $3::text[], $4, $5) returning ${COLUMNS}`,
    [member.companyId, url, WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)), secret, secret.slice(0, DISPLAY_LENGTH)]
  )
  return { endpoint: toEndpoint(theRow(rows)), secret }
}

function missingEndpoint(): ApiProblem {
  return new ApiProblem(404, 'not_found', 'Cette adresse de webhooks est introuvable.')
}

/** Deletes the endpoint and its deliveries (pending ones are not sent). */
export async function deleteEndpoint(tx: Queryable, member: RequestMember, id: string): Promise<WebhookEndpoint> {
  requireOwner(member, OWNER_ACTION)
  if (!isRowId(id)) throw missingEndpoint()
  const { rows } = await tx.query<EndpointRow>(`delete from paraphe.webhook_endpoints where id = $1 returning ${COLUMNS}`, [id])
  const row = rows[0]
  if (row === undefined) throw missingEndpoint()
  return toEndpoint(row)
}

const DELIVERY_COLUMNS = `d.id::text as id, d.event_id, e.type, d.status, d.attempts, d.last_status_code, d.last_error,
  d.last_attempt_at, d.next_attempt_at, d.delivered_at, d.created_at`

export async function listDeliveries(tx: Queryable, member: RequestMember, endpointId: string): Promise<WebhookDelivery[]> {
  requireOwner(member, OWNER_ACTION)
  if (!isRowId(endpointId)) throw missingEndpoint()
  const exists = await tx.query('select 1 from paraphe.webhook_endpoints where id = $1', [endpointId])
  if (exists.rows.length === 0) throw missingEndpoint()
  const { rows } = await tx.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from paraphe.webhook_deliveries d join paraphe.webhook_events e on e.id = d.event_id
      where d.endpoint_id = $1 order by d.id desc limit $2`,
    [endpointId, DELIVERY_LOG_LENGTH]
  )
  return rows.map(toDelivery)
}

/**
 * « Renvoyer »: the delivery goes back in the queue, due now, with its attempts counted afresh;
 * same event, same id. One the receiver already acknowledged (2xx) is not sent again.
 */
/** « Renvoyer » as the route calls it: queued again, and the worker woken once that committed. */
export async function redeliverNow(
  scope: MemberScope,
  wake: QueueWake,
  endpointId: string,
  deliveryId: string,
  publicUrl: URL
): Promise<WebhookDelivery> {
  const delivery = await scope((tx, member) => redeliver(tx, member, endpointId, deliveryId, publicUrl))
  wake.webhooks()
  return delivery
}

export async function redeliver(
  tx: Queryable,
  member: RequestMember,
  endpointId: string,
  deliveryId: string,
  publicUrl: URL
): Promise<WebhookDelivery> {
  requireOwner(member, OWNER_ACTION)
  await requireFeature(tx, 'api', publicUrl)
  const missing = new ApiProblem(404, 'not_found', 'Cet envoi est introuvable.')
  if (!isRowId(endpointId) || !/^\d{1,18}$/.test(deliveryId)) throw missing
  const { rows } = await tx.query<{ status: WebhookDeliveryStatus }>(
    'select status from paraphe.webhook_deliveries where id = $1 and endpoint_id = $2 for update',
    [deliveryId, endpointId]
  )
  const found = rows[0]
  if (found === undefined) throw missing
  if (found.status === 'delivered') {
    throw new ApiProblem(
      409,
      'webhook_already_delivered',
      'Cet événement a déjà été reçu par votre serveur (réponse 2xx) : il n’est pas renvoyé, pour ne pas le compter deux fois.'
    )
  }
  await tx.query(`update paraphe.webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = now() where id = $1`, [
    deliveryId
  ])
  const updated = await tx.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from paraphe.webhook_deliveries d join paraphe.webhook_events e on e.id = d.event_id where d.id = $1`,
    [deliveryId]
  )
  return toDelivery(theRow(updated.rows))
}
