// Who calls /api/v1: the API key of `Authorization: Bearer paraphe_…`, looked up by its SHA-256 at
// every request (a revoked key is refused at its next request). A key acts as the member who
// created it — the same policies, plan rules and event actor as that member's own requests — and
// dies with that membership: a key of someone who left the company is refused.
import type { ApiKeyScope } from '@paraphe/shared/api/api-key-schemas'
import type { AuthUser } from '../auth/token-verifier.js'
import type { Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { hashApiKey, isWellFormedApiKey } from './api-key-secrets.js'
import { answerKey } from './idempotency.js'

export interface RequestApiKey {
  id: string
  companyId: string
  scopes: readonly ApiKeyScope[]
  /** Encrypts this key's stored idempotent answers (idempotency.ts). */
  answerKey: Buffer
}

export interface ResolvedApiKey {
  key: RequestApiKey
  /** The key's creator, as the request's user. */
  user: AuthUser
}

/** 401 in the shape of the workspace's token refusals, with its `WWW-Authenticate` challenge. */
export class ApiKeyRefusal extends ApiProblem {
  constructor(code: string, message: string) {
    super(401, code, message)
  }
}

const missing = () =>
  new ApiKeyRefusal(
    'api_key_missing',
    'Ajoutez l’en-tête « Authorization: Bearer <clé d’API> » : les clés se créent dans l’espace, page Entreprise.'
  )
const invalid = () => new ApiKeyRefusal('invalid_api_key', 'Cette clé d’API n’est pas valide : vérifiez-la, ou créez-en une dans l’espace.')

/** The Bearer credential of the Authorization header, or null. */
export function bearerCredential(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '')
  return match?.[1] ?? null
}

export async function resolveApiKey(db: Queryable, authorization: string | undefined): Promise<ResolvedApiKey> {
  const secret = bearerCredential(authorization)
  if (secret === null) throw missing()
  if (!isWellFormedApiKey(secret)) throw invalid()
  // The gateway's own connection: the request has no user yet to run the policies as.
  const { rows } = await db.query<{
    id: string
    company_id: string
    scopes: ApiKeyScope[]
    revoked: boolean
    stale: boolean
    user_id: string | null
    email: string | null
  }>(
    `select k.id, k.company_id, k.scopes, k.revoked_at is not null as revoked,
            (k.last_used_at is null or k.last_used_at < now() - interval '1 minute') as stale,
            m.user_id, m.email
       from paraphe.api_keys k
       left join paraphe.company_members m on m.user_id = k.created_by and m.company_id = k.company_id
      where k.secret_hash = $1`,
    [hashApiKey(secret)]
  )
  const row = rows[0]
  if (row === undefined) throw invalid()
  if (row.revoked) throw new ApiKeyRefusal('api_key_revoked', 'Cette clé d’API a été révoquée : créez-en une autre dans l’espace.')
  if (row.user_id === null) {
    throw new ApiKeyRefusal(
      'api_key_orphaned',
      'La personne qui a créé cette clé d’API ne fait plus partie de l’entreprise : le propriétaire peut en créer une autre.'
    )
  }
  // At most one write a minute per key: the time shown in the list, not an audit log.
  if (row.stale) {
    await db.query(
      `update paraphe.api_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
      [row.id]
    )
  }
  return {
    key: { id: row.id, companyId: row.company_id, scopes: row.scopes, answerKey: answerKey(secret) },
    user: { id: row.user_id, email: row.email, role: 'authenticated', aal: 'aal1', sessionId: null }
  }
}

/** GET and HEAD read; every other method writes. */
export function scopeFor(method: string): ApiKeyScope {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write'
}

export function requireScope(key: RequestApiKey, method: string): void {
  const needed = scopeFor(method)
  if (!key.scopes.includes(needed)) {
    throw new ApiProblem(
      403,
      'insufficient_scope',
      needed === 'write'
        ? 'Cette clé d’API ne permet que la lecture : créez une clé avec le droit « write » pour modifier ou envoyer des devis.'
        : 'Cette clé d’API ne permet pas la lecture : créez une clé avec le droit « read ».'
    )
  }
}
