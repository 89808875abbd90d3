// A session starts (sign-in, a followed e-mail link, sign-up with autoconfirm) with its first
// refresh token; each refresh adds a child token, so a stolen, already rotated one is recognised.
import { randomUUID } from 'node:crypto'
import { theRow, type Queryable } from '../db/database.js'
import type { AccountContext } from './account-context.js'
import { sessionJson, type SessionJson, type SessionMethod } from './access-tokens.js'
import { digest, newSecretToken } from './secret-tokens.js'
import { USER_COLUMNS, type UserRow } from './user-json.js'

export async function insertRefreshToken(tx: Queryable, sessionId: string, parentId: number | null): Promise<string> {
  const token = newSecretToken()
  await tx.query('insert into paraphe_auth.refresh_tokens (session_id, token_hash, parent_id) values ($1, $2, $3)', [
    sessionId,
    digest(token),
    parentId
  ])
  return token
}

export async function startSession(context: AccountContext, tx: Queryable, user: UserRow, method: SessionMethod): Promise<SessionJson> {
  const sessionId = randomUUID()
  const { rows } = await tx.query<{ created_at: Date }>(
    'insert into paraphe_auth.sessions (id, user_id, method) values ($1, $2, $3) returning created_at',
    [sessionId, user.id, method]
  )
  const refreshToken = await insertRefreshToken(tx, sessionId, null)
  const { rows: updated } = await tx.query<UserRow>(
    `update paraphe_auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [user.id]
  )
  return sessionJson(context, updated[0] ?? user, sessionId, method, theRow(rows).created_at, refreshToken)
}
