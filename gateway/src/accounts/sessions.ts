// A session starts (sign-in, a followed e-mail link, sign-up with autoconfirm) with its first
// refresh token; each refresh adds a child token, so a stolen, already rotated one is recognised.
// It keeps the device and address it started from (shown in « Sécurité »), and its level.
import { randomUUID } from 'node:crypto'
import { theRow, type Queryable } from '../db/database.js'
import type { AccountContext } from './account-context.js'
import { sessionJson, type SecondFactor, type SessionJson, type SessionMethod, type SessionState } from './access-tokens.js'
import { deviceOf } from './devices.js'
import { digest, newSecretToken } from './secret-tokens.js'
import { newDeviceEmail } from '../mail/templates/security-emails.js'
import { enqueueEmail } from '../mail/outbox.js'
import { USER_COLUMNS, type FactorJson, type UserRow } from './user-json.js'

/** Who asked: the client's address (as the gateway trusts it) and browser. */
export interface ClientInfo {
  ip: string
  userAgent: string
}

export async function insertRefreshToken(tx: Queryable, sessionId: string, parentId: number | null): Promise<string> {
  const token = newSecretToken()
  await tx.query('insert into paraphe_auth.refresh_tokens (session_id, token_hash, parent_id) values ($1, $2, $3)', [
    sessionId,
    digest(token),
    parentId
  ])
  return token
}

/** The user's factors as GET /user lists them. */
export async function factorsOf(tx: Queryable, userId: string): Promise<FactorJson[]> {
  const { rows } = await tx.query<{
    id: string
    friendly_name: string | null
    status: 'verified' | 'unverified'
    created_at: Date
    updated_at: Date
  }>('select id, friendly_name, status, created_at, updated_at from paraphe_auth.mfa_factors where user_id = $1 order by created_at', [
    userId
  ])
  return rows.map((row) => ({
    id: row.id,
    friendly_name: row.friendly_name ?? '',
    factor_type: 'totp',
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString()
  }))
}

interface SessionRow {
  id: string
  method: SessionMethod
  created_at: Date
  second_factor: SecondFactor | null
}

export const sessionState = (row: SessionRow): SessionState => ({
  id: row.id,
  method: row.method,
  startedAt: row.created_at,
  secondFactor: row.second_factor
})

/**
 * Remembers the device; true when the user had signed in from other devices before but never
 * from this one (the first device of an account is no news).
 */
async function isNewDevice(tx: Queryable, userId: string, device: string): Promise<boolean> {
  const { rows } = await tx.query<{ inserted: boolean }>(
    `insert into paraphe_auth.known_devices (user_id, device_hash) values ($1, $2)
     on conflict do nothing returning true as inserted`,
    [userId, digest(device)]
  )
  if (rows.length === 0) return false
  const { rows: others } = await tx.query('select 1 from paraphe_auth.known_devices where user_id = $1 and device_hash <> $2 limit 1', [
    userId,
    digest(device)
  ])
  return others.length > 0
}

export async function startSession(
  context: AccountContext,
  tx: Queryable,
  user: UserRow,
  method: SessionMethod,
  client: ClientInfo | null,
  queued: () => void = () => {}
): Promise<SessionJson> {
  const sessionId = randomUUID()
  const { rows } = await tx.query<SessionRow>(
    `insert into paraphe_auth.sessions (id, user_id, method, user_agent, ip) values ($1, $2, $3, $4, $5)
     returning id, method, created_at, second_factor`,
    [sessionId, user.id, method, client?.userAgent.slice(0, 512) ?? null, client?.ip ?? null]
  )
  const refreshToken = await insertRefreshToken(tx, sessionId, null)
  const { rows: updated } = await tx.query<UserRow>(
    `update paraphe_auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [user.id]
  )
  if (client !== null) {
    const device = deviceOf(client.userAgent)
    if (await isNewDevice(tx, user.id, device)) {
      await enqueueEmail(tx, {
        companyId: null,
        kind: 'account-new-device',
        to: user.email,
        ...newDeviceEmail(context.site, device, new Date())
      })
      queued()
    }
  }
  return sessionJson(context, updated[0] ?? user, sessionState(theRow(rows)), refreshToken, await factorsOf(tx, user.id))
}
