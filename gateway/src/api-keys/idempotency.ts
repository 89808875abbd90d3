// Idempotency-Key on the POSTs of /api/v1, as Stripe does: the first answer (status and body) is
// kept 24 hours per (API key, Idempotency-Key) and replayed to retries; the same key with another
// request is refused. The row is inserted before the request runs, under the primary key, so two
// concurrent duplicates never both run: the second is told the first one is still under way.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'

/** Printable ASCII, as the header is commonly a UUID or a caller's own request id. */
const WELL_FORMED = /^[\x21-\x7e]{1,255}$/
/** How often (one claim in N) expired answers are deleted, so the table stays small without a job. */
const CLEANUP_ONE_IN = 100

export interface StoredAnswer {
  statusCode: number
  contentType: string | null
  body: string
}

export type Claim = { kind: 'first' } | { kind: 'replay'; answer: StoredAnswer }

/**
 * Stored answers are encrypted with a key derived from the API key's secret (AES-256-GCM): an
 * answer may hold a client's signing link, and a copy of the database alone must not reveal it.
 * Only a retry carrying the same secret can read it back.
 */
export function answerKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('paraphe idempotent answers').digest()
}

function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')
}

function unseal(key: Buffer, stored: string): string {
  const bytes = Buffer.from(stored, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
}

export function requestDigest(method: string, url: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(`${method}\0${url}\0${JSON.stringify(body ?? null)}`, 'utf8')
    .digest()
}

export function checkIdempotencyKey(value: string | string[] | undefined): string | null {
  if (value === undefined) return null
  if (typeof value !== 'string' || !WELL_FORMED.test(value)) {
    throw new ApiProblem(
      400,
      'invalid_idempotency_key',
      'L’en-tête Idempotency-Key doit compter de 1 à 255 caractères imprimables (un UUID par exemple).'
    )
  }
  return value
}

/** The first request with this key runs (`first`); a retry gets the first answer (`replay`). */
export async function claimIdempotencyKey(db: Queryable, apiKeyId: string, key: string, digest: Buffer, sealKey: Buffer): Promise<Claim> {
  if (Math.random() * CLEANUP_ONE_IN < 1)
    await db.query(`delete from paraphe.api_idempotency where created_at < now() - interval '24 hours'`)
  // An expired row is taken over as if it were not there.
  const claimed = await db.query(
    `insert into paraphe.api_idempotency as i (api_key_id, idempotency_key, request_hash) values ($1, $2, $3)
     on conflict (api_key_id, idempotency_key) do update
       set request_hash = excluded.request_hash, created_at = now(), status_code = null, content_type = null, body = null
       where i.created_at < now() - interval '24 hours'
     returning 1`,
    [apiKeyId, key, digest]
  )
  if (claimed.rows.length === 1) return { kind: 'first' }
  const { rows } = await db.query<{
    request_hash: Uint8Array
    status_code: number | null
    content_type: string | null
    body: string | null
  }>('select request_hash, status_code, content_type, body from paraphe.api_idempotency where api_key_id = $1 and idempotency_key = $2', [
    apiKeyId,
    key
  ])
  const row = rows[0]
  if (row !== undefined && !Buffer.from(row.request_hash).equals(digest)) {
    throw new ApiProblem(
      422,
      'idempotency_key_reused',
      'Cette clé d’idempotence (Idempotency-Key) a déjà servi pour une autre requête : utilisez une nouvelle clé pour chaque opération.'
    )
  }
  if (row === undefined || row.status_code === null || row.body === null) {
    throw new ApiProblem(
      409,
      'idempotency_in_progress',
      'Une requête avec cette clé d’idempotence est encore en cours : réessayez dans un instant.'
    )
  }
  return { kind: 'replay', answer: { statusCode: row.status_code, contentType: row.content_type, body: unseal(sealKey, row.body) } }
}

export async function storeAnswer(db: Queryable, apiKeyId: string, key: string, answer: StoredAnswer, sealKey: Buffer): Promise<void> {
  await db.query(
    'update paraphe.api_idempotency set status_code = $3, content_type = $4, body = $5 where api_key_id = $1 and idempotency_key = $2',
    [apiKeyId, key, answer.statusCode, answer.contentType, seal(sealKey, answer.body)]
  )
}

/** After a failure of the server (5xx), nothing was done: the key is freed for a retry. */
export async function releaseIdempotencyKey(db: Queryable, apiKeyId: string, key: string): Promise<void> {
  await db.query('delete from paraphe.api_idempotency where api_key_id = $1 and idempotency_key = $2 and status_code is null', [
    apiKeyId,
    key
  ])
}
