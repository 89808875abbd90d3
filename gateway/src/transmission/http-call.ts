// One HTTP exchange with a platform, within a time limit, its failures classified (platform-errors.ts).
// Answers are read up to a bound: a platform cannot fill the memory.
//
// The addresses are the professional's (their plateforme agréée's API and token addresses): in
// production they must be https and resolve to public addresses only, checked on the addresses the
// connection actually uses — the webhooks' rule (webhooks/destination.ts), so that neither a typed
// address nor a DNS answer changed later reaches a service inside our network.
import { Agent, fetch, type RequestInit, type Response } from 'undici'
import { guardedLookup, literalAddressProblem, type DestinationRules } from '../webhooks/destination.js'
import { PlatformError } from './platform-errors.js'

export const DEFAULT_CALL_TIMEOUT_MS = 20_000
const ANSWER_MAX_BYTES = 2 * 1024 * 1024

export interface CallAnswer {
  status: number
  contentType: string
  text: string
}

async function boundedText(response: Response): Promise<string> {
  if (response.body === null) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body) {
    const bytes = chunk as Uint8Array
    size += bytes.byteLength
    if (size > ANSWER_MAX_BYTES) break
    chunks.push(bytes)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** One connection pool per rule set, its sockets opened through the guarded lookup. */
const pools = new WeakMap<DestinationRules, Agent>()
function poolFor(rules: DestinationRules): Agent {
  let pool = pools.get(rules)
  if (pool === undefined) {
    pool = new Agent({ connect: { lookup: guardedLookup(rules) } })
    pools.set(rules, pool)
  }
  return pool
}

function forbidden(url: URL, rules: DestinationRules): PlatformError | null {
  if (rules.production && url.protocol !== 'https:')
    return new PlatformError('forbidden_address', `${url.host} : une adresse en https:// est requise en production.`)
  const refused = literalAddressProblem(url, rules)
  return refused === null ? null : new PlatformError('forbidden_address', refused.message)
}

/** Resolves with any answer; rejects with a PlatformError when there is none. */
export async function httpCall(url: string, init: RequestInit, timeoutMs: number, rules: DestinationRules): Promise<CallAnswer> {
  const refused = forbidden(new URL(url), rules)
  if (refused !== null) throw refused
  let response: Response
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), dispatcher: poolFor(rules) })
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof Error && cause.name === 'ForbiddenDestinationError') throw new PlatformError('forbidden_address', cause.message)
    const name = (error as { name?: string }).name
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new PlatformError('timeout', `Pas de réponse de ${new URL(url).host} en ${(timeoutMs / 1000).toLocaleString('fr-FR')} s.`)
    throw new PlatformError('unreachable', `${new URL(url).host} injoignable.`)
  }
  try {
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await boundedText(response) }
  } catch {
    throw new PlatformError('timeout', `Réponse de ${new URL(url).host} interrompue.`)
  }
}

/** The JSON of an answer, or null when it is not JSON. */
export function jsonOf(answer: CallAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown
  } catch {
    return null
  }
}

/** XP Z12-013 errors are `{ errorCode, errorMessage }`; reason codes may also come as `reasonCode`. */
export function errorCodeOf(answer: CallAnswer): string | null {
  const body = jsonOf(answer)
  if (body === null || typeof body !== 'object') return null
  const record = body as Record<string, unknown>
  for (const field of ['errorCode', 'reasonCode', 'code']) {
    if (typeof record[field] === 'string') return record[field].slice(0, 100)
  }
  return null
}

/** A failed answer as a PlatformError: 5xx and 429 retryable, other 4xx final. */
export function answerError(answer: CallAnswer, what: string): PlatformError {
  const code = errorCodeOf(answer)
  const kind = answer.status >= 500 || answer.status === 429 ? 'unavailable' : 'refused'
  return new PlatformError(kind, `${what} : réponse ${answer.status}${code === null ? '' : ` (${code})`}.`, answer.status, code)
}
