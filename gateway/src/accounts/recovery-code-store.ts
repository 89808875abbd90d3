// Recovery codes at rest, whoever keeps the accounts: ten codes of an alphabet without look-alikes,
// kept only as SHA-256 digests of their normalised form, each used once. The embedded accounts'
// rows point at their users (paraphe_auth.recovery_codes); those of accounts kept by Supabase Auth
// carry GoTrue's user ids (paraphe_auth.upstream_recovery_codes, no foreign key: migration 0036).
import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.js'
import { digest } from './secret-tokens.js'

export const RECOVERY_CODE_COUNT = 10
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** The table holding one kind of account's codes (never from input: it is put into the SQL). */
export type RecoveryCodeTable = 'paraphe_auth.recovery_codes' | 'paraphe_auth.upstream_recovery_codes'

/** `xxxxx-xxxxx`: 10 characters of an alphabet without look-alikes (about 49 bits). */
function newCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length] as string).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** As typed: case, spaces and dashes do not matter; '' when no code was given. */
export const normaliseRecoveryCode = (code: unknown): string => (typeof code === 'string' ? code.toLowerCase().replace(/[\s-]/g, '') : '')

/** New codes for the user, replacing all their rows (the previous codes stop working). */
export async function replaceRecoveryCodes(tx: Queryable, table: RecoveryCodeTable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await tx.query(`delete from ${table} where user_id = $1`, [userId])
  await tx.query(`insert into ${table} (user_id, code_hash) select $1, unnest($2::text[])`, [
    userId,
    codes.map((code) => digest(normaliseRecoveryCode(code)))
  ])
  return codes
}

export async function unusedRecoveryCodes(db: Queryable, table: RecoveryCodeTable, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from ${table} where user_id = $1 and used_at is null`, [
    userId
  ])
  return rows[0]?.count ?? 0
}

/**
 * Marks the code used when it is one of the user's unused ones: the codes left then, or null for a
 * code that is not (wrong, or already used). `code` is normalised.
 */
export async function burnRecoveryCode(tx: Queryable, table: RecoveryCodeTable, userId: string, code: string): Promise<number | null> {
  const { rows } = await tx.query<{ remaining: number }>(
    `update ${table} set used_at = now()
      where id = (select id from ${table} where user_id = $1 and code_hash = $2 and used_at is null limit 1 for update)
      returning (select count(*)::int - 1 from ${table} where user_id = $1 and used_at is null) as remaining`,
    [userId, digest(code)]
  )
  return rows[0]?.remaining ?? null
}
