// « Ma plateforme agréée », the owner's settings (`/api/company/platform`) under the owner-only
// policies of paraphe.platform_connections: read (never the secret), save (the secret sealed),
// remove, and « Tester la connexion ». The hand-off job reads the sealed secret with the gateway's own
// role (credentialsFor).
import type { PlatformAnswer, PlatformConnection, PlatformTestAnswer, PutPlatform } from '@paraphe/shared/api/platform-schemas'
import { checkPlatformForm } from '@paraphe/shared/platform-connection'
import { apiPaths } from '@paraphe/shared/paths'
import { requireOwner, type RequestMember } from '../company/membership.js'
import type { Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import type { FlowClient, PlatformCredentials } from './flow-client.js'
import { connectionProblem, PlatformError } from './platform-errors.js'
import { openSecret, sealSecret } from './secret-box.js'
import { requireSafeDestinations } from './secret-destinations.js'

const OWNER_ACTION = 'gérer la plateforme agréée'

interface ConnectionRow {
  api_url: string
  auth_kind: 'oauth2' | 'api_key'
  token_url: string | null
  client_id: string | null
  tested_at: Date | null
  test_problem: string | null
  webhook_token: string | null
  updated_at: Date
}

const COLUMNS = 'api_url, auth_kind, token_url, client_id, tested_at, test_problem, webhook_token, updated_at'

export interface PlatformSettings {
  /** The key sealing the secrets (SECRETS_KEY or DATA_DIR/secrets/key). */
  secretsKey: Buffer
  /** Production accepts https:// addresses only: a secret never travels in clear. */
  production: boolean
}

function toConnection(row: ConnectionRow): PlatformConnection {
  return {
    apiUrl: row.api_url,
    authKind: row.auth_kind,
    tokenUrl: row.token_url,
    clientId: row.client_id,
    testedAt: row.tested_at?.toISOString() ?? null,
    testProblem: row.test_problem,
    webhookPath: row.webhook_token === null ? null : apiPaths.platformWebhook(row.webhook_token),
    updatedAt: row.updated_at.toISOString()
  }
}

async function connectionRow(tx: Queryable): Promise<ConnectionRow | undefined> {
  const { rows } = await tx.query<ConnectionRow>(`select ${COLUMNS} from paraphe.platform_connections`)
  return rows[0]
}

export async function readPlatform(tx: Queryable, member: RequestMember): Promise<PlatformAnswer> {
  requireOwner(member, OWNER_ACTION)
  const row = await connectionRow(tx)
  return { platform: row === undefined ? null : toConnection(row) }
}

/** Production's rule on the addresses the secret goes to; before the saving transaction (see secret-destinations.ts). */
export const checkPlatformDestinations = (input: PutPlatform, settings: PlatformSettings): Promise<void> =>
  requireSafeDestinations(settings.production, [
    ['apiUrl', input.apiUrl],
    // An API key needs no token address: whatever the form still holds there is not kept.
    ['tokenUrl', input.authKind === 'oauth2' ? input.tokenUrl : null]
  ])

export async function savePlatform(
  tx: Queryable,
  member: RequestMember,
  input: PutPlatform,
  settings: PlatformSettings
): Promise<PlatformAnswer> {
  requireOwner(member, OWNER_ACTION)
  const existing = await connectionRow(tx)
  const checked = checkPlatformForm(input, existing !== undefined)
  if (!checked.ok) throw new ApiProblem(400, 'validation_failed', 'Certains champs sont invalides.', checked.problems)
  const value = checked.value
  const sealed = value.secret === null ? null : sealSecret(settings.secretsKey, member.companyId, value.secret)
  // Two statements rather than an upsert: members may not read the sealed column, which an upsert
  // keeping the stored secret would have to. Any change makes the last test stale.
  if (existing === undefined) {
    await tx.query(
      `insert into paraphe.platform_connections (company_id, api_url, auth_kind, token_url, client_id, secret_sealed)
       values ($1, $2, $3, $4, $5, $6)`,
      [member.companyId, value.apiUrl, value.authKind, value.tokenUrl, value.clientId, sealed]
    )
  } else {
    await tx.query(
      `update paraphe.platform_connections
          set api_url = $1, auth_kind = $2, token_url = $3, client_id = $4, tested_at = null, test_problem = null,
              updated_by = paraphe.acting_user_id(), updated_at = now()`,
      [value.apiUrl, value.authKind, value.tokenUrl, value.clientId]
    )
    if (sealed !== null) await tx.query('update paraphe.platform_connections set secret_sealed = $1', [sealed])
  }
  return readPlatform(tx, member)
}

export async function removePlatform(tx: Queryable, member: RequestMember): Promise<void> {
  requireOwner(member, OWNER_ACTION)
  const { rowCount } = await tx.query('delete from paraphe.platform_connections')
  if (rowCount === 0) throw new ApiProblem(404, 'not_found', 'Aucune plateforme agréée n’est enregistrée.')
}

/**
 * The connection with its secret opened, read with the gateway's own role (members cannot read the
 * sealed column); null when the company has none.
 */
export async function credentialsFor(db: Queryable, companyId: string, secretsKey: Buffer): Promise<PlatformCredentials | null> {
  const { rows } = await db.query<{
    api_url: string
    auth_kind: 'oauth2' | 'api_key'
    token_url: string | null
    client_id: string | null
    secret_sealed: string
  }>('select api_url, auth_kind, token_url, client_id, secret_sealed from paraphe.platform_connections where company_id = $1', [companyId])
  const row = rows[0]
  if (row === undefined) return null
  return {
    apiUrl: row.api_url,
    authKind: row.auth_kind,
    tokenUrl: row.token_url,
    clientId: row.client_id,
    secret: openSecret(secretsKey, companyId, row.secret_sealed)
  }
}

/** The owner may test; the call itself runs outside any transaction (a platform may take seconds). */
export function requireTester(member: RequestMember): void {
  requireOwner(member, OWNER_ACTION)
}

/** « Tester la connexion »: a token, then the health check; the French problem when one fails. */
export async function testCredentials(client: FlowClient, credentials: PlatformCredentials): Promise<string | null> {
  try {
    await client.check(credentials)
    return null
  } catch (error) {
    if (error instanceof PlatformError) return connectionProblem(error)
    throw error
  }
}

export async function recordTest(tx: Queryable, member: RequestMember, problem: string | null): Promise<PlatformTestAnswer> {
  requireOwner(member, OWNER_ACTION)
  await tx.query('update paraphe.platform_connections set tested_at = now(), test_problem = $1', [problem])
  const row = await connectionRow(tx)
  if (row === undefined) throw new ApiProblem(404, 'not_found', 'Aucune plateforme agréée n’est enregistrée.')
  return { ok: problem === null, problem, platform: toConnection(row) }
}
