// A client of Chorus Pro's API through the State's gateway PISTE, as far as a supplier's invoicing
// tool needs it: an OAuth2 token (client credentials of the software's PISTE application), the
// supplier's technical account on every call (`cpro-account: base64(login:password)`), depositing a
// Factur-X (`POST /cpro/factures/v1/deposer/flux`, the file in base64, `syntaxeFlux`
// IN_DP_E2_CII_FACTURX) and reading the supplier's invoices back (`POST
// /cpro/factures/v1/rechercher/fournisseur`). Field names are those of Chorus Pro's published API
// (DeposerFluxFacture, RechercherFactureParFournisseur) as open-source clients use them; the
// pagination's sort column is unconfirmed (see SEARCH_SORT).
import { createHash } from 'node:crypto'
import type { RequestInit } from 'undici'
import type { DestinationRules } from '../webhooks/destination.js'
import { answerError, DEFAULT_CALL_TIMEOUT_MS, httpCall, jsonOf, type CallAnswer } from './http-call.js'
import { PlatformError } from './platform-errors.js'

export interface ChorusProCredentials {
  apiUrl: string
  tokenUrl: string
  clientId: string
  /** The PISTE client secret and the technical account's password, opened from their seals for this call only. */
  clientSecret: string
  accountLogin: string
  accountPassword: string
}

/** Factur-X (PDF/A-3 with its CII XML), Chorus Pro's « E2 » deposit of a structured invoice. */
export const FACTURX_SYNTAX = 'IN_DP_E2_CII_FACTURX'
/** Chorus Pro refuses deposits over 10 MB. */
export const CHORUS_PRO_MAX_BYTES = 10 * 1024 * 1024
export const DEPOSIT_PATH = '/cpro/factures/v1/deposer/flux'
export const SEARCH_PATH = '/cpro/factures/v1/rechercher/fournisseur'
/** Newest deposits first (the column's name is unconfirmed against live PISTE). */
const SEARCH_SORT = { triColonne: 'DateDepot', triSens: 'Descendant' } as const

/** The error codes this client puts on its PlatformErrors, for the settings page's French sentence. */
export const CHORUS_PRO_CODES = { token: 'piste_token', account: 'cpro_account', notChorusPro: 'not_chorus_pro' } as const

/** One of the supplier's invoices as rechercher/fournisseur lists it (the fields Paraphe reads). */
export interface ChorusProInvoice {
  /** Chorus Pro's own id of the invoice. */
  invoiceId: string
  number: string
  /** DEPOSEE, MISE_A_DISPOSITION, REJETEE, MISE_EN_PAIEMENT… (chorus-pro-statuses.ts). */
  status: string
  /** The deposit the invoice came in, when the list says it. */
  flowNumber: string | null
}

export interface ChorusProClient {
  /** A token, then a one-line search with the technical account: what « Tester la connexion » does. */
  check: (credentials: ChorusProCredentials) => Promise<void>
  /** Deposits the file; resolves with Chorus Pro's deposit number (numeroFluxDepot). */
  deposit: (credentials: ChorusProCredentials, file: Uint8Array, fileName: string) => Promise<string>
  /** The supplier's invoices with this number (at most a page of them). */
  findInvoices: (credentials: ChorusProCredentials, number: string) => Promise<ChorusProInvoice[]>
}

export interface ChorusProClientOptions {
  destination: DestinationRules
  timeoutMs?: number
  now?: () => number
}

const TOKEN_MARGIN_MS = 30_000

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return typeof value === 'string' && value !== '' ? value : null
}

/** Chorus Pro answers `codeRetour` 0 when it did what was asked; another code with its `libelle` otherwise. */
function refusal(answer: CallAnswer, what: string): PlatformError | null {
  const body = jsonOf(answer) as { codeRetour?: unknown; libelle?: unknown } | null
  if (answer.status >= 200 && answer.status <= 299) {
    if (body === null || typeof body !== 'object')
      return new PlatformError('not_flow_service', `${what} : réponse illisible.`, answer.status, CHORUS_PRO_CODES.notChorusPro)
    if (body.codeRetour === undefined || body.codeRetour === 0 || body.codeRetour === '0') return null
    const code = text(body.codeRetour) ?? 'codeRetour'
    return new PlatformError(
      'refused',
      `${what} : refusé (${code}${typeof body.libelle === 'string' ? ` ${body.libelle}` : ''}).`,
      answer.status,
      code
    )
  }
  if (answer.status === 404 || answer.status === 405)
    return new PlatformError(
      'not_flow_service',
      `${what} : pas de service Chorus Pro à cette adresse (réponse ${answer.status}).`,
      answer.status,
      CHORUS_PRO_CODES.notChorusPro
    )
  return answerError(answer, what)
}

export function createChorusProClient(options: ChorusProClientOptions): ChorusProClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS
  const now = options.now ?? Date.now
  const tokens = new Map<string, { value: string; expiresAt: number }>()

  // Keyed on the secret's digest, never the secret: a changed secret gets a new token.
  const tokenKey = (credentials: ChorusProCredentials) =>
    `${credentials.tokenUrl}\0${credentials.clientId}\0${createHash('sha256').update(credentials.clientSecret).digest('base64url')}`

  async function freshToken(credentials: ChorusProCredentials): Promise<string> {
    const answer = await httpCall(
      credentials.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          scope: 'openid'
        }).toString()
      },
      timeoutMs,
      options.destination
    )
    if (answer.status === 400 || answer.status === 401 || answer.status === 403)
      throw new PlatformError(
        'credentials_refused',
        `Jeton PISTE refusé (réponse ${answer.status}).`,
        answer.status,
        CHORUS_PRO_CODES.token
      )
    if (answer.status < 200 || answer.status > 299) throw answerError(answer, 'Adresse des jetons PISTE')
    const body = jsonOf(answer) as { access_token?: unknown; expires_in?: unknown } | null
    if (body === null || typeof body.access_token !== 'string' || body.access_token === '')
      throw new PlatformError(
        'not_flow_service',
        'L’adresse des jetons n’a pas rendu de jeton OAuth2.',
        answer.status,
        CHORUS_PRO_CODES.notChorusPro
      )
    const lifetimeMs = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : 3_600_000
    tokens.set(tokenKey(credentials), { value: body.access_token, expiresAt: now() + lifetimeMs - TOKEN_MARGIN_MS })
    return body.access_token
  }

  /**
   * One call with the bearer and the technical account. A 401 on a kept token gets a new token
   * once; a 401/403 with a fresh token is the technical account refused.
   */
  async function call(credentials: ChorusProCredentials, path: string, body: unknown): Promise<CallAnswer> {
    const url = `${credentials.apiUrl}${path}`
    const account = Buffer.from(`${credentials.accountLogin}:${credentials.accountPassword}`, 'utf8').toString('base64')
    const send = (token: string) => {
      const init: RequestInit = {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'cpro-account': account,
          'content-type': 'application/json;charset=utf-8',
          accept: 'application/json'
        },
        body: JSON.stringify(body)
      }
      return httpCall(url, init, timeoutMs, options.destination)
    }
    const kept = tokens.get(tokenKey(credentials))
    let answer: CallAnswer
    if (kept !== undefined && kept.expiresAt > now()) {
      answer = await send(kept.value)
      if (answer.status === 401) {
        tokens.delete(tokenKey(credentials))
        answer = await send(await freshToken(credentials))
      }
    } else answer = await send(await freshToken(credentials))
    if (answer.status === 401 || answer.status === 403)
      throw new PlatformError(
        'credentials_refused',
        `Compte technique refusé par ${new URL(url).host} (réponse ${answer.status}).`,
        answer.status,
        CHORUS_PRO_CODES.account
      )
    return answer
  }

  async function search(
    credentials: ChorusProCredentials,
    criteria: Record<string, unknown>,
    perPage: number
  ): Promise<ChorusProInvoice[]> {
    const answer = await call(credentials, SEARCH_PATH, {
      ...criteria,
      pagination: { pageResultatDemandee: 1, nbResultatsParPage: perPage, ...SEARCH_SORT }
    })
    const refused = refusal(answer, 'Recherche des factures')
    if (refused !== null) throw refused
    const list = (jsonOf(answer) as { listeFactures?: unknown }).listeFactures
    if (list === undefined) return []
    if (!Array.isArray(list))
      throw new PlatformError(
        'not_flow_service',
        'La recherche n’a pas rendu de liste (listeFactures).',
        answer.status,
        CHORUS_PRO_CODES.notChorusPro
      )
    return list.flatMap((item: unknown) => {
      const record = (item ?? {}) as Record<string, unknown>
      const invoiceId = text(record.identifiantFactureCPP)
      const number = text(record.numeroFacture)
      const status = text(record.statut) ?? text(record.statutFacture)
      if (invoiceId === null || number === null || status === null) return []
      return [{ invoiceId, number, status, flowNumber: text(record.numeroFluxDepot) }]
    })
  }

  return {
    async check(credentials) {
      await search(credentials, {}, 1)
    },

    async deposit(credentials, file, fileName) {
      if (file.byteLength > CHORUS_PRO_MAX_BYTES)
        throw new PlatformError('refused', 'Le fichier de la facture dépasse 10 Mo, la limite de Chorus Pro.', null, 'FILE_SIZE_EXCEEDED')
      const answer = await call(credentials, DEPOSIT_PATH, {
        fichierFlux: Buffer.from(file).toString('base64'),
        nomFichier: fileName,
        syntaxeFlux: FACTURX_SYNTAX,
        avecSignature: false
      })
      const refused = refusal(answer, 'Dépôt sur Chorus Pro')
      if (refused !== null) throw refused
      const number = text((jsonOf(answer) as { numeroFluxDepot?: unknown }).numeroFluxDepot)
      if (number === null)
        throw new PlatformError(
          'not_flow_service',
          'Chorus Pro a accepté le dépôt sans numéro de flux (numeroFluxDepot).',
          answer.status,
          CHORUS_PRO_CODES.notChorusPro
        )
      return number
    },

    findInvoices: (credentials, number) => search(credentials, { numeroFacture: number }, 20)
  }
}
