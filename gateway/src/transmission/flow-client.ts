// A client of a plateforme agréée's flow API (AFNOR XP Z12-013 « Flow Service », annex A), as far
// as a « solution compatible » needs it: a bearer token (OAuth2 client credentials, or an API key
// used as the bearer), the health check, depositing a flow, searching flows, reading one, and the
// buyer's SIREN in the directory (annex B). Tokens are kept in memory until shortly before they
// expire; a 401 on a kept token gets a new one once (a platform may end tokens early).
import { createHash } from 'node:crypto'
// undici's own fetch, FormData and types: the calls go through its Agent (http-call.ts).
import { FormData, type RequestInit } from 'undici'
import type { PlatformAuthKind } from '@paraphe/shared/api/platform-schemas'
import type { DestinationRules } from '../webhooks/destination.js'
import { answerError, DEFAULT_CALL_TIMEOUT_MS, httpCall, jsonOf, type CallAnswer } from './http-call.js'
import { PlatformError } from './platform-errors.js'

export interface PlatformCredentials {
  apiUrl: string
  authKind: PlatformAuthKind
  tokenUrl: string | null
  clientId: string | null
  /** The client secret or the API key, opened from its seal for this call only. */
  secret: string
}

export const FLOW_SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'] as const
export type FlowSyntax = (typeof FLOW_SYNTAXES)[number]

export interface FlowInfo {
  flowSyntax: FlowSyntax
  flowProfile?: 'Basic' | 'CIUS' | 'Extended-CTC-FR'
  processingRule?: 'B2B' | 'B2BInt' | 'B2C' | 'OutOfScope' | 'ArchiveOnly' | 'NotApplicable'
  /** Our own id of the flow (≤ 36 characters): the invoice's id, so a repeat is recognised. */
  trackingId: string
  name: string
  sha256: string
}

export interface FlowAcknowledgement {
  status: 'Pending' | 'Ok' | 'Error'
  details: Array<{ level?: string; item?: string; reasonCode?: string; reasonMessage?: string }>
}

/** A flow as the search and the read return it (the fields Paraphe uses). */
export interface Flow {
  flowId: string
  trackingId: string | null
  flowType: string | null
  flowDirection: string | null
  updatedAt: string
  acknowledgement: FlowAcknowledgement | null
  /** Lifecycle flows (CDAR) about an invoice: the status code and the invoice's flow, when the platform says them. */
  lifecycle: {
    code: number
    invoiceTrackingId: string | null
    invoiceFlowId: string | null
    reason: string | null
    date: string | null
  } | null
}

export interface DepositResult {
  flowId: string
  /** true when the platform already had this flow (AlreadyExistingFlow): a success, never a second deposit. */
  alreadyExisting: boolean
}

interface KeptToken {
  value: string
  expiresAt: number
}

/** Tokens are renewed this long before the platform says they expire. */
const TOKEN_MARGIN_MS = 30_000

export interface FlowClientOptions {
  /** Where calls may go (production: https and public addresses only). */
  destination: DestinationRules
  timeoutMs?: number
  now?: () => number
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/** Reads a flow from a platform's JSON, tolerating absent optional fields. */
export function parseFlow(value: unknown): Flow | null {
  if (value === null || typeof value !== 'object') return null
  const record = value as Record<string, unknown>
  const flowId = text(record.flowId)
  if (flowId === null) return null
  const ack = record.acknowledgement as Record<string, unknown> | undefined
  const status = ack?.status
  const acknowledgement: FlowAcknowledgement | null =
    status === 'Pending' || status === 'Ok' || status === 'Error'
      ? { status, details: Array.isArray(ack?.details) ? (ack.details as FlowAcknowledgement['details']) : [] }
      : null
  const lc = record.lifecycle as Record<string, unknown> | undefined
  const code = typeof lc?.statusCode === 'number' ? lc.statusCode : typeof lc?.statusCode === 'string' ? Number(lc.statusCode) : NaN
  return {
    flowId,
    trackingId: text(record.trackingId),
    flowType: text(record.flowType),
    flowDirection: text(record.flowDirection),
    updatedAt: text(record.updatedAt) ?? text(record.submittedAt) ?? new Date(0).toISOString(),
    acknowledgement,
    lifecycle:
      lc !== undefined && Number.isInteger(code)
        ? {
            code,
            invoiceTrackingId: text(lc.invoiceTrackingId),
            invoiceFlowId: text(lc.invoiceFlowId),
            reason: text(lc.reasonMessage) ?? text(lc.reason),
            date: text(lc.statusDate)
          }
        : null
  }
}

export interface FlowClient {
  /** Fetches a token (OAuth2) and calls the health check: what « Tester la connexion » does. */
  check: (credentials: PlatformCredentials) => Promise<void>
  deposit: (credentials: PlatformCredentials, info: FlowInfo, file: Uint8Array, fileName: string) => Promise<DepositResult>
  search: (credentials: PlatformCredentials, where: Record<string, unknown>, limit: number) => Promise<Flow[]>
  /** Whether the buyer's SIREN is in the directory (annex B: GET /v1/siren/code-insee:{siren}). */
  isListed: (credentials: PlatformCredentials, siren: string) => Promise<boolean>
}

export function createFlowClient(options: FlowClientOptions): FlowClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS
  const now = options.now ?? Date.now
  const tokens = new Map<string, KeptToken>()

  function tokenKey(credentials: PlatformCredentials): string {
    // Keyed on the secret's digest, never the secret: a changed secret gets a new token.
    const digest = createHash('sha256').update(credentials.secret).digest('base64url')
    return `${credentials.tokenUrl ?? ''}\0${credentials.clientId ?? ''}\0${digest}`
  }

  async function freshToken(credentials: PlatformCredentials): Promise<string> {
    const answer = await httpCall(
      credentials.tokenUrl as string,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: credentials.clientId as string,
          client_secret: credentials.secret
        }).toString()
      },
      timeoutMs,
      options.destination
    )
    if (answer.status === 400 || answer.status === 401 || answer.status === 403)
      throw new PlatformError(
        'credentials_refused',
        `Jeton refusé par ${new URL(credentials.tokenUrl as string).host} (réponse ${answer.status}).`,
        answer.status
      )
    if (answer.status < 200 || answer.status > 299) throw answerError(answer, 'Adresse des jetons')
    const body = jsonOf(answer) as { access_token?: unknown; expires_in?: unknown } | null
    if (body === null || typeof body.access_token !== 'string' || body.access_token === '')
      throw new PlatformError('not_flow_service', 'L’adresse des jetons n’a pas rendu de jeton OAuth2 (access_token).', answer.status)
    const lifetimeMs = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : 3_600_000
    tokens.set(tokenKey(credentials), { value: body.access_token, expiresAt: now() + lifetimeMs - TOKEN_MARGIN_MS })
    return body.access_token
  }

  async function bearer(credentials: PlatformCredentials): Promise<{ token: string; kept: boolean }> {
    if (credentials.authKind === 'api_key') return { token: credentials.secret, kept: false }
    const kept = tokens.get(tokenKey(credentials))
    if (kept !== undefined && kept.expiresAt > now()) return { token: kept.value, kept: true }
    return { token: await freshToken(credentials), kept: false }
  }

  /** One API call with the bearer; a 401 on a kept token drops it and tries once with a new one. */
  async function authorised(credentials: PlatformCredentials, path: string, init: RequestInit): Promise<CallAnswer> {
    const url = `${credentials.apiUrl}${path}`
    const call = (token: string) =>
      httpCall(
        url,
        { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } },
        timeoutMs,
        options.destination
      )
    const first = await bearer(credentials)
    let answer = await call(first.token)
    if (answer.status === 401 && first.kept) {
      tokens.delete(tokenKey(credentials))
      answer = await call((await bearer(credentials)).token)
    }
    if (answer.status === 401 || answer.status === 403) {
      tokens.delete(tokenKey(credentials))
      throw new PlatformError('credentials_refused', `Accès refusé par ${new URL(url).host} (réponse ${answer.status}).`, answer.status)
    }
    return answer
  }

  return {
    async check(credentials) {
      const answer = await authorised(credentials, '/v1/healthcheck', { method: 'GET', headers: { accept: 'application/json' } })
      if (answer.status === 404 || answer.status === 405)
        throw new PlatformError('not_flow_service', `Pas de /v1/healthcheck à cette adresse (réponse ${answer.status}).`, answer.status)
      if (answer.status < 200 || answer.status > 299) throw answerError(answer, 'Contrôle de santé')
      // A Flow Service answers its health check in JSON; a web page (an address of the wrong site) does not.
      if (answer.text !== '' && !/json/i.test(answer.contentType))
        throw new PlatformError('not_flow_service', 'Le contrôle de santé n’a pas répondu en JSON.', answer.status)
    },

    async deposit(credentials, info, file, fileName) {
      const form = new FormData()
      form.append('flowInfo', new Blob([JSON.stringify(info)], { type: 'application/json' }))
      form.append(
        'file',
        new Blob([new Uint8Array(file)], { type: info.flowSyntax === 'Factur-X' ? 'application/pdf' : 'application/xml' }),
        fileName
      )
      const answer = await authorised(credentials, '/v1/flows', { method: 'POST', headers: { accept: 'application/json' }, body: form })
      const body = jsonOf(answer) as Record<string, unknown> | null
      if (answer.status >= 200 && answer.status <= 299) {
        const flowId = text(body?.flowId)
        if (flowId === null)
          throw new PlatformError('not_flow_service', 'Le dépôt a été accepté sans identifiant de flux (flowId).', answer.status)
        return { flowId, alreadyExisting: false }
      }
      const error = answerError(answer, 'Dépôt du flux')
      if (error.code !== null && /AlreadyExist/i.test(error.code)) {
        // The platform has it already (our earlier attempt got through): find its id by our tracking id.
        const known = text(body?.flowId) ?? (await this.search(credentials, { trackingId: info.trackingId }, 1))[0]?.flowId ?? null
        if (known !== null) return { flowId: known, alreadyExisting: true }
      }
      throw error
    },

    async search(credentials, where, limit) {
      const answer = await authorised(credentials, '/v1/flows/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ limit, where })
      })
      if (answer.status < 200 || answer.status > 299) throw answerError(answer, 'Recherche des flux')
      const body = jsonOf(answer) as { results?: unknown } | null
      if (body === null || !Array.isArray(body.results))
        throw new PlatformError('not_flow_service', 'La recherche des flux n’a pas rendu de liste (results).')
      return body.results.map(parseFlow).filter((flow): flow is Flow => flow !== null)
    },

    async isListed(credentials, siren) {
      const answer = await authorised(credentials, `/v1/siren/code-insee:${siren}`, {
        method: 'GET',
        headers: { accept: 'application/json' }
      })
      if (answer.status === 404) return false
      if (answer.status < 200 || answer.status > 299) throw answerError(answer, 'Annuaire')
      return true
    }
  }
}
