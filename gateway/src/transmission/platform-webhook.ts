// The plateforme agréée's webhook: where the PA offers one, it calls
// `POST /api/platform-webhooks/{token}` with `{ flowInfo: flow }` when a flow changes, signed with
// a secret Paraphe generated for the company (HMAC-SHA256 of the raw body, hex, in
// `X-Signature: sha256=<hex>`). The token in the address says which company (it is not a secret:
// the signature is); the secret is sealed like the connection's and shown once, when generated.
// A signed flow is stored by recordFlow, as the search would (stored once, whichever comes first).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { PLATFORM_WEBHOOK_SECRET_PREFIX, type PlatformWebhookSecret } from '@paraphe/shared/api/platform-schemas'
import { apiPaths } from '@paraphe/shared/paths'
import { requireOwner, type RequestMember } from '../company/membership.js'
import type { Database, Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { parseFlow } from './flow-client.js'
import { openSecret, sealSecret } from './secret-box.js'
import { recordFlow } from './status-poll.js'

/** The header the PA signs with, and the signature's form: `sha256=<hex>`. */
export const PLATFORM_SIGNATURE_HEADER = 'x-signature'

export function platformSignature(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/** « Générer le secret du webhook »: a new address token and secret (the old ones stop working), the secret in this answer only. */
export async function generateWebhookSecret(tx: Queryable, member: RequestMember, secretsKey: Buffer): Promise<PlatformWebhookSecret> {
  requireOwner(member, 'gérer la plateforme agréée')
  const token = randomBytes(24).toString('base64url')
  const secret = `${PLATFORM_WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
  const { rowCount } = await tx.query('update paraphe.platform_connections set webhook_token = $1, webhook_secret_sealed = $2', [
    token,
    sealSecret(secretsKey, member.companyId, secret)
  ])
  if (rowCount === 0) throw new ApiProblem(404, 'not_found', 'Enregistrez d’abord votre plateforme agréée.')
  return { webhookPath: apiPaths.platformWebhook(token), secret }
}

const badSignature = () =>
  new ApiProblem(401, 'bad_signature', 'Signature absente ou invalide : l’en-tête X-Signature doit valoir sha256=<HMAC-SHA256 du corps>.')
const unknownAddress = () => new ApiProblem(404, 'not_found', 'Cette adresse de webhook n’existe pas (ou a été remplacée).')

export interface ReceivedFlow {
  /** Whether this call stored something (false: already known, or about no invoice of the company). */
  recorded: boolean
  companyId: string
}

/**
 * Checks the signature over the exact bytes received, then stores the flow; a stored status's
 * follow-ups (its webhook, a refusal's e-mail job), queued with it, go at once.
 */
export async function receivePlatformWebhook(
  db: Database,
  secretsKey: Buffer,
  wake: Pick<QueueWake, 'webhooks' | 'jobs'>,
  token: string,
  body: Buffer,
  signature: string | undefined
): Promise<ReceivedFlow> {
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) throw unknownAddress()
  const { rows } = await db.query<{ company_id: string; webhook_secret_sealed: string }>(
    'select company_id, webhook_secret_sealed from paraphe.platform_connections where webhook_token = $1',
    [token]
  )
  const row = rows[0]
  if (row === undefined) throw unknownAddress()
  let secret: string
  try {
    secret = openSecret(secretsKey, row.company_id, row.webhook_secret_sealed)
  } catch {
    throw new ApiProblem(
      409,
      'secret_unreadable',
      'Le secret du webhook ne peut plus être lu : générez-en un nouveau dans « Ma plateforme agréée ».'
    )
  }
  const expected = Buffer.from(platformSignature(secret, body))
  const given = Buffer.from(signature ?? '')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badSignature()
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    throw new ApiProblem(400, 'validation_failed', 'Le corps doit être du JSON : { "flowInfo": { … } }.')
  }
  const flow = parseFlow(typeof parsed === 'object' && parsed !== null ? (parsed as { flowInfo?: unknown }).flowInfo : null)
  if (flow === null) throw new ApiProblem(400, 'validation_failed', 'Le corps doit porter le flux : { "flowInfo": { "flowId": … } }.')
  const recorded = await recordFlow(db, row.company_id, flow)
  if (recorded) {
    wake.webhooks()
    wake.jobs()
  }
  return { recorded, companyId: row.company_id }
}
