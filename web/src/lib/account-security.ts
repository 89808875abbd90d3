// The second factor as the sign-in page and « Sécurité » use it: Supabase Auth's MFA API through
// supabase-js (the same with the embedded accounts and with a real Supabase Auth), and Paraphe's
// additions under /auth/v1/paraphe/, served by the gateway whoever keeps the accounts: the
// recovery codes and the open sessions (with Supabase Auth, from GoTrue's tables when the gateway
// may reach them; where it may not, they answer that they are not available). Each call resolves
// with a result, never throws; failures carry a French message.
import type { SupabaseClient } from '@supabase/supabase-js'

export type SecurityResult<T> = { ok: true; value: T } | { ok: false; code: string; message: string }

const MESSAGES: Readonly<Record<string, string>> = {
  mfa_verification_failed: 'Ce code ne convient pas, ou il a déjà servi. Saisissez le code que votre application affiche maintenant.',
  mfa_challenge_expired: 'Le délai pour saisir ce code est dépassé. Saisissez le code affiché maintenant.',
  mfa_factor_not_found: 'Cette application d’authentification n’est plus liée au compte. Rechargez la page.',
  mfa_ip_address_mismatch: 'Votre connexion a changé pendant la vérification. Saisissez à nouveau le code.',
  insufficient_aal: 'Confirmez d’abord votre connexion avec le code de votre application d’authentification.',
  over_request_rate_limit: 'Trop de tentatives. Patientez un quart d’heure avant de réessayer.',
  session_not_found: 'Votre session a pris fin. Connectez-vous à nouveau.',
  recovery_codes_not_available:
    'Les codes de secours ne sont pas disponibles sur cette instance pour le moment. Saisissez le code de votre application d’authentification.'
}
const RECOVERY_CODE_REFUSED = 'Ce code de secours ne convient pas, ou il a déjà servi. Vérifiez-le, ou saisissez-en un autre.'
const GENERIC = 'Une erreur inattendue est survenue. Réessayez ; si le problème persiste, contactez-nous.'

function failure(error: unknown): { ok: false; code: string; message: string } {
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : 'unknown'
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined
  if (status === 429) return { ok: false, code: 'over_request_rate_limit', message: MESSAGES.over_request_rate_limit as string }
  return { ok: false, code, message: MESSAGES[code] ?? GENERIC }
}

async function settle<T>(work: () => Promise<{ error: unknown; value: T }>): Promise<SecurityResult<T>> {
  try {
    const { error, value } = await work()
    return error === null || error === undefined ? { ok: true, value } : failure(error)
  } catch (error) {
    return failure(error)
  }
}

/** True when the session was opened with the password alone and the account has a second factor. */
export async function needsSecondFactor(supabase: SupabaseClient): Promise<boolean> {
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  return data?.currentLevel === 'aal1' && data.nextLevel === 'aal2'
}

export interface TotpFactor {
  id: string
  createdAt: string
}

/** The account's verified authenticator, if any. */
export function verifiedTotp(supabase: SupabaseClient): Promise<SecurityResult<TotpFactor | null>> {
  return settle(async () => {
    const { data, error } = await supabase.auth.mfa.listFactors()
    const factor = data?.totp[0]
    return { error, value: factor === undefined ? null : { id: factor.id, createdAt: factor.created_at } }
  })
}

/** Proves the authenticator's current code: the session becomes aal2. */
export function proveCode(supabase: SupabaseClient, factorId: string, code: string): Promise<SecurityResult<undefined>> {
  return settle(async () => ({
    error: (await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') })).error,
    value: undefined
  }))
}

/** Proves the code of the verified authenticator (the sign-in's second step). */
export async function proveSignInCode(supabase: SupabaseClient, code: string): Promise<SecurityResult<undefined>> {
  const factor = await verifiedTotp(supabase)
  if (!factor.ok) return factor
  if (factor.value === null) return { ok: false, code: 'mfa_factor_not_found', message: MESSAGES.mfa_factor_not_found as string }
  return proveCode(supabase, factor.value.id, code)
}

export interface Enrolment {
  factorId: string
  /** `data:image/svg+xml;…` */
  qrCode: string
  secret: string
}

export function enrolTotp(supabase: SupabaseClient): Promise<SecurityResult<Enrolment>> {
  return settle(async () => {
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    return { error, value: { factorId: data?.id ?? '', qrCode: data?.totp.qr_code ?? '', secret: data?.totp.secret ?? '' } }
  })
}

export function unenrol(supabase: SupabaseClient, factorId: string): Promise<SecurityResult<undefined>> {
  return settle(async () => ({ error: (await supabase.auth.mfa.unenroll({ factorId })).error, value: undefined }))
}

export function signOutOthers(supabase: SupabaseClient): Promise<SecurityResult<undefined>> {
  return settle(async () => ({ error: (await supabase.auth.signOut({ scope: 'others' })).error, value: undefined }))
}

// ------------------------------------------------------------------------------------------
// Paraphe's additions (/auth/v1/paraphe/)

async function paraphe<T>(
  supabase: SupabaseClient,
  anonKey: string,
  method: string,
  path: string,
  body?: unknown
): Promise<SecurityResult<T>> {
  return settle(async () => {
    const { data } = await supabase.auth.getSession()
    const token = data.session?.access_token
    if (token === undefined) return { error: { code: 'session_not_found' }, value: undefined as T }
    const response = await fetch(`/auth/v1/paraphe/${path}`, {
      method,
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${token}`,
        'x-supabase-api-version': '2024-01-01',
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    const json: unknown = response.status === 204 ? null : await response.json()
    return response.ok
      ? { error: null, value: json as T }
      : { error: { status: response.status, ...(json as object) }, value: undefined as T }
  })
}

/** Ten new recovery codes (the previous ones stop working); shown once. */
export const newRecoveryCodes = (supabase: SupabaseClient, anonKey: string) =>
  paraphe<{ codes: string[] }>(supabase, anonKey, 'POST', 'recovery-codes')

/** The gateway's answer where Supabase Auth's tables are out of its reach. */
const NOT_AVAILABLE = 'recovery_codes_not_available'

export interface RecoveryCodes {
  /** False where this instance cannot offer them (Supabase Auth whose tables the gateway cannot reach). */
  available: boolean
  /** Unused codes; null when unknown. */
  remaining: number | null
  /** With Supabase Auth: when a recovery code removed the authenticator, until one is added again. */
  factorRemovedAt: string | null
}

/** What « Sécurité » says of the recovery codes. */
export async function recoveryCodes(supabase: SupabaseClient, anonKey: string): Promise<RecoveryCodes> {
  const result = await paraphe<{ remaining: number; factor_removed_at?: string | null }>(supabase, anonKey, 'GET', 'recovery-codes')
  if (result.ok) return { available: true, remaining: result.value.remaining, factorRemovedAt: result.value.factor_removed_at ?? null }
  return { available: result.code !== NOT_AVAILABLE, remaining: null, factorRemovedAt: null }
}

/**
 * Whether the sign-in's code step offers a recovery code, asked with the password's session: the
 * gateway answers it with Supabase Auth, or says the codes are not available here.
 */
export async function recoveryCodesOffered(supabase: SupabaseClient, anonKey: string): Promise<boolean> {
  const result = await paraphe<unknown>(supabase, anonKey, 'GET', 'recovery-codes')
  return result.ok || result.code !== NOT_AVAILABLE
}

/**
 * The sign-in's second step with a recovery code instead of the authenticator's code. With the
 * embedded accounts the code proves the second factor (the answer is the aal2 session); with
 * Supabase Auth it removes the authenticator, and the session, refreshed, no longer needs one:
 * `factorRemoved` then.
 */
export async function proveRecoveryCode(
  supabase: SupabaseClient,
  anonKey: string,
  code: string
): Promise<SecurityResult<{ factorRemoved: boolean }>> {
  const result = await paraphe<{ access_token?: string; refresh_token?: string }>(supabase, anonKey, 'POST', 'recovery-codes/verify', {
    code
  })
  // The authenticator's wording (« le code que votre application affiche ») would mislead here.
  if (!result.ok) return result.code === 'mfa_verification_failed' ? { ...result, message: RECOVERY_CODE_REFUSED } : result
  const { access_token, refresh_token } = result.value
  if (access_token !== undefined && refresh_token !== undefined) {
    return settle(async () => ({
      error: (await supabase.auth.setSession({ access_token, refresh_token })).error,
      value: { factorRemoved: false }
    }))
  }
  return settle(async () => ({ error: (await supabase.auth.refreshSession()).error, value: { factorRemoved: true } }))
}

export interface OpenSession {
  id: string
  device: string
  current: boolean
  last_used_at: string
}

/** The open sessions; null where the gateway cannot read this instance's sessions (Supabase Auth's tables out of its reach). */
export async function openSessions(supabase: SupabaseClient, anonKey: string): Promise<SecurityResult<OpenSession[] | null>> {
  const result = await paraphe<{ sessions: OpenSession[] }>(supabase, anonKey, 'GET', 'sessions')
  if (result.ok) return { ok: true, value: result.value.sessions }
  return result.code === 'sessions_not_available' ? { ok: true, value: null } : result
}

export const closeSession = (supabase: SupabaseClient, anonKey: string, id: string) =>
  paraphe<null>(supabase, anonKey, 'DELETE', `sessions/${encodeURIComponent(id)}`)

/**
 * True when the company requires the second factor and this session has none (a member who never
 * added one): the sign-in then leads to « Sécurité » to add it.
 */
export async function teamAsksEnrolment(supabase: SupabaseClient): Promise<boolean> {
  try {
    const token = (await supabase.auth.getSession()).data.session?.access_token
    if (token === undefined) return false
    const response = await fetch('/api/company/two-factor', { headers: { authorization: `Bearer ${token}` } })
    if (!response.ok) return false
    const rule = (await response.json()) as { requireTwoFactor?: unknown; signedInWithSecondFactor?: unknown }
    return rule.requireTwoFactor === true && rule.signedInWithSecondFactor !== true
  } catch {
    return false
  }
}
