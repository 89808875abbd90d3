// The Chorus Pro access in « Ma plateforme agréée » (`/api/company/chorus-pro`), under the
// owner-only policies of paraphe.chorus_pro_connections: read (never a secret), save (both secrets
// sealed), remove, and « Tester la connexion ». The hand-off job reads the sealed secrets with the
// gateway's own role (chorusProCredentialsFor).
import type { ChorusProAnswer, ChorusProConnection, ChorusProTestAnswer, PutChorusPro } from '@paraphe/shared/api/chorus-pro-schemas'
import { checkChorusProForm } from '@paraphe/shared/chorus-pro-connection'
import { requireOwner, type RequestMember } from '../company/membership.js'
import type { Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { CHORUS_PRO_CODES, type ChorusProClient, type ChorusProCredentials } from './chorus-pro-client.js'
import type { PlatformSettings } from './platform-connection.js'
import { PlatformError } from './platform-errors.js'
import { openSecret, sealSecret } from './secret-box.js'
import { requireSafeDestinations } from './secret-destinations.js'

const OWNER_ACTION = 'gérer l’accès à Chorus Pro'
const INVALID = 'Certains champs sont invalides.'

interface ConnectionRow {
  api_url: string
  token_url: string
  client_id: string
  account_login: string
  tested_at: Date | null
  test_problem: string | null
  updated_at: Date
}

const COLUMNS = 'api_url, token_url, client_id, account_login, tested_at, test_problem, updated_at'

function toConnection(row: ConnectionRow): ChorusProConnection {
  return {
    apiUrl: row.api_url,
    tokenUrl: row.token_url,
    clientId: row.client_id,
    accountLogin: row.account_login,
    testedAt: row.tested_at?.toISOString() ?? null,
    testProblem: row.test_problem,
    updatedAt: row.updated_at.toISOString()
  }
}

async function connectionRow(tx: Queryable): Promise<ConnectionRow | undefined> {
  const { rows } = await tx.query<ConnectionRow>(`select ${COLUMNS} from paraphe.chorus_pro_connections`)
  return rows[0]
}

const notFound = () => new ApiProblem(404, 'not_found', 'Aucun accès à Chorus Pro n’est enregistré.')

export async function readChorusPro(tx: Queryable, member: RequestMember): Promise<ChorusProAnswer> {
  requireOwner(member, OWNER_ACTION)
  const row = await connectionRow(tx)
  return { chorusPro: row === undefined ? null : toConnection(row) }
}

/** Production's rule on the addresses the secrets go to; before the saving transaction (see secret-destinations.ts). */
export const checkChorusProDestinations = (input: PutChorusPro, settings: PlatformSettings): Promise<void> =>
  requireSafeDestinations(settings.production, [
    ['apiUrl', input.apiUrl],
    ['tokenUrl', input.tokenUrl]
  ])

export async function saveChorusPro(
  tx: Queryable,
  member: RequestMember,
  input: PutChorusPro,
  settings: PlatformSettings
): Promise<ChorusProAnswer> {
  requireOwner(member, OWNER_ACTION)
  const existing = await connectionRow(tx)
  const checked = checkChorusProForm(input, existing !== undefined)
  if (!checked.ok) throw new ApiProblem(400, 'validation_failed', INVALID, checked.problems)
  const value = checked.value
  const seal = (plain: string | null) => (plain === null ? null : sealSecret(settings.secretsKey, member.companyId, plain))
  const clientSecret = seal(value.clientSecret)
  const accountPassword = seal(value.accountPassword)
  if (existing === undefined) {
    await tx.query(
      `insert into paraphe.chorus_pro_connections
         (company_id, api_url, token_url, client_id, client_secret_sealed, account_login, account_password_sealed)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [member.companyId, value.apiUrl, value.tokenUrl, value.clientId, clientSecret, value.accountLogin, accountPassword]
    )
  } else {
    // Members may not read the sealed columns, so a kept secret is never rewritten; any change makes the last test stale.
    await tx.query(
      `update paraphe.chorus_pro_connections
          set api_url = $1, token_url = $2, client_id = $3, account_login = $4, tested_at = null, test_problem = null,
              updated_by = paraphe.acting_user_id(), updated_at = now()`,
      [value.apiUrl, value.tokenUrl, value.clientId, value.accountLogin]
    )
    if (clientSecret !== null) await tx.query('update paraphe.chorus_pro_connections set client_secret_sealed = $1', [clientSecret])
    if (accountPassword !== null)
      await tx.query('update paraphe.chorus_pro_connections set account_password_sealed = $1', [accountPassword])
  }
  return readChorusPro(tx, member)
}

export async function removeChorusPro(tx: Queryable, member: RequestMember): Promise<void> {
  requireOwner(member, OWNER_ACTION)
  const { rowCount } = await tx.query('delete from paraphe.chorus_pro_connections')
  if (rowCount === 0) throw notFound()
}

/** The access with its secrets opened, read with the gateway's own role; null when the company has none. */
export async function chorusProCredentialsFor(db: Queryable, companyId: string, secretsKey: Buffer): Promise<ChorusProCredentials | null> {
  const { rows } = await db.query<{
    api_url: string
    token_url: string
    client_id: string
    client_secret_sealed: string
    account_login: string
    account_password_sealed: string
  }>(
    `select api_url, token_url, client_id, client_secret_sealed, account_login, account_password_sealed
       from paraphe.chorus_pro_connections where company_id = $1`,
    [companyId]
  )
  const row = rows[0]
  if (row === undefined) return null
  return {
    apiUrl: row.api_url,
    tokenUrl: row.token_url,
    clientId: row.client_id,
    clientSecret: openSecret(secretsKey, companyId, row.client_secret_sealed),
    accountLogin: row.account_login,
    accountPassword: openSecret(secretsKey, companyId, row.account_password_sealed)
  }
}

export function requireChorusProTester(member: RequestMember): void {
  requireOwner(member, OWNER_ACTION)
}

/** The French sentence the settings page shows for a failed « Tester la connexion ». */
export function chorusProProblem(error: PlatformError): string {
  if (error.code === CHORUS_PRO_CODES.token)
    return 'Identifiants PISTE refusés : l’adresse des jetons n’accepte pas cet identifiant client et ce secret. Vérifiez-les dans votre application PISTE.'
  if (error.code === CHORUS_PRO_CODES.account)
    return 'Compte technique refusé par Chorus Pro : vérifiez son identifiant et son mot de passe, et qu’il est bien rattaché à votre structure.'
  switch (error.kind) {
    case 'unreachable':
      return 'Adresse injoignable : vérifiez l’adresse de l’API et celle des jetons PISTE (aucune connexion n’a pu être établie).'
    case 'timeout':
      return 'Chorus Pro n’a pas répondu à temps : réessayez dans quelques minutes.'
    case 'unavailable':
      return `Chorus Pro est momentanément indisponible (réponse ${error.status ?? '?'}) : réessayez plus tard.`
    case 'forbidden_address':
      return `Adresse refusée : ${error.message} Indiquez l’adresse publique (https://) de PISTE.`
    case 'not_flow_service':
      return 'Cette adresse ne répond pas comme l’API Chorus Pro de PISTE : vérifiez l’adresse de l’API (par exemple https://api.piste.gouv.fr).'
    default:
      return `Chorus Pro a refusé la demande (réponse ${error.status ?? '?'}${error.code === null ? '' : `, ${error.code}`}).`
  }
}

/** « Tester la connexion »: a token, then a one-line search with the technical account. */
export async function testChorusPro(client: ChorusProClient, credentials: ChorusProCredentials): Promise<string | null> {
  try {
    await client.check(credentials)
    return null
  } catch (error) {
    if (error instanceof PlatformError) return chorusProProblem(error)
    throw error
  }
}

export async function recordChorusProTest(tx: Queryable, member: RequestMember, problem: string | null): Promise<ChorusProTestAnswer> {
  requireOwner(member, OWNER_ACTION)
  await tx.query('update paraphe.chorus_pro_connections set tested_at = now(), test_problem = $1', [problem])
  const row = await connectionRow(tx)
  if (row === undefined) throw notFound()
  return { ok: problem === null, problem, chorusPro: toConnection(row) }
}
