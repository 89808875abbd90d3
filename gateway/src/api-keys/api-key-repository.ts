// The workspace's side of API keys: the owner lists, creates and revokes the company's keys, under
// the policies of paraphe.api_keys (owner only). Creating one needs a plan with the API; listing
// and revoking do not, so that keys can still be seen and revoked after a downgrade.
import type { ApiKey, ApiKeyList, ApiKeyScope } from '@paraphe/shared/api/api-key-schemas'
import { API_KEY_SCOPES } from '@paraphe/shared/api/api-key-schemas'
import { planAllows } from '@paraphe/shared/plans'
import { requireOwner, type RequestMember } from '../company/membership.js'
import { theRow, type Queryable } from '../db/database.js'
import { isRowId } from '../db/row-id.js'
import { ApiProblem } from '../errors.js'
import { requireFeature } from '../plans/plan-gates.js'
import { currentPlan } from '../plans/plan-usage.js'
import { displayPrefix, hashApiKey, newApiKeySecret } from './api-key-secrets.js'

interface ApiKeyRow {
  id: string
  name: string
  display_prefix: string
  scopes: ApiKeyScope[]
  created_at: Date
  last_used_at: Date | null
  revoked_at: Date | null
}

const COLUMNS = 'id, name, display_prefix, scopes, created_at, last_used_at, revoked_at'
const OWNER_ACTION = 'gérer les clés d’API'

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    displayPrefix: row.display_prefix,
    // Stored in the order of API_KEY_SCOPES whatever order they were asked in.
    scopes: API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope)),
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null
  }
}

/** The company's keys, revoked ones included, and whether its plan has the API. */
export async function listApiKeys(tx: Queryable, member: RequestMember): Promise<ApiKeyList> {
  requireOwner(member, OWNER_ACTION)
  const { rows } = await tx.query<ApiKeyRow>(`select ${COLUMNS} from paraphe.api_keys order by created_at desc, id desc`)
  return { keys: rows.map(toApiKey), apiIncluded: planAllows(await currentPlan(tx), 'api') }
}

export interface NewApiKey {
  name: string
  scopes: readonly ApiKeyScope[]
}

/** The new key and its secret, which is not kept: this answer is the only place it appears. */
export async function createApiKey(
  tx: Queryable,
  member: RequestMember,
  request: NewApiKey,
  publicUrl: URL
): Promise<{ key: ApiKey; secret: string }> {
  requireOwner(member, OWNER_ACTION)
  await requireFeature(tx, 'api', publicUrl)
  const name = request.name.trim()
  if (name === '') throw new ApiProblem(400, 'validation_failed', 'Certains champs sont invalides.', { name: 'Donnez un nom à la clé.' })
  const secret = newApiKeySecret()
  const scopes = API_KEY_SCOPES.filter((scope) => request.scopes.includes(scope))
  const { rows } = await tx.query<ApiKeyRow>(
    `insert into paraphe.api_keys (company_id, name, secret_hash, display_prefix, scopes)
     values ($1, $2, $3, $4, $5::text[]) returning ${COLUMNS}`,
    [member.companyId, name, hashApiKey(secret), displayPrefix(secret), scopes]
  )
  return { key: toApiKey(theRow(rows)), secret }
}

/** Revokes the key (idempotent); the gateway refuses it from the next request on. */
export async function revokeApiKey(tx: Queryable, member: RequestMember, id: string): Promise<ApiKey> {
  requireOwner(member, OWNER_ACTION)
  const missing = new ApiProblem(404, 'not_found', 'Cette clé d’API est introuvable.')
  if (!isRowId(id)) throw missing
  const { rows } = await tx.query<ApiKeyRow>(
    `update paraphe.api_keys set revoked_at = coalesce(revoked_at, now()) where id = $1 returning ${COLUMNS}`,
    [id]
  )
  const row = rows[0]
  if (row === undefined) throw missing
  return toApiKey(row)
}
