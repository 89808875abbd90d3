// Supabase Auth errors as the account pages explain them, in French. supabase-js gives an
// AuthError with `code` (API version 2024-01-01), `status`, `name`; the gateway in front adds its
// own codes (rate limit, auth not configured) and 502/504 when Supabase Auth is unreachable.
import { PASSWORD_MIN_LENGTH } from './password-rules'

export interface DescribedAuthError {
  /** A code the pages branch on: Supabase's, or `service_unavailable`, `rate_limited`, `unknown`. */
  code: string
  message: string
}

const RATE_LIMITED = 'Trop de tentatives en peu de temps. Patientez une minute avant de réessayer.'
const UNAVAILABLE =
  'Le service de connexion est injoignable pour le moment. Vérifiez votre connexion Internet, puis réessayez dans un instant.'
const SESSION_ENDED = 'Votre session a pris fin. Connectez-vous à nouveau.'
const LINK_USED_OR_EXPIRED = 'Ce lien n’est plus valable\u202f: il a expiré ou a déjà servi.'
const OTHER_BROWSER =
  'Ce lien doit être ouvert dans le navigateur où vous avez fait la demande. Ouvrez-le dans ce navigateur, ou demandez un nouveau lien.'
export const GENERIC_AUTH_ERROR = 'Une erreur inattendue est survenue. Réessayez\u202f; si le problème persiste, contactez-nous.'

/** One French message per code the account pages can receive. */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  invalid_credentials: 'Adresse e-mail ou mot de passe incorrect.',
  email_not_confirmed:
    'Votre adresse e-mail n’est pas encore confirmée\u202f: cliquez sur le lien de l’e-mail reçu après l’inscription, ou demandez-en un nouveau.',
  user_already_exists:
    'Un compte existe déjà avec cette adresse e-mail. Connectez-vous, ou utilisez «\u202fMot de passe oublié\u202f» si vous ne vous en souvenez plus.',
  email_exists:
    'Un compte existe déjà avec cette adresse e-mail. Connectez-vous, ou utilisez «\u202fMot de passe oublié\u202f» si vous ne vous en souvenez plus.',
  weak_password: `Ce mot de passe est trop faible\u202f: il doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  same_password: 'C’est déjà votre mot de passe actuel\u202f: choisissez-en un différent.',
  over_request_rate_limit: RATE_LIMITED,
  over_email_send_rate_limit: 'Un e-mail vient déjà d’être envoyé à cette adresse. Patientez une minute avant d’en demander un autre.',
  otp_expired: LINK_USED_OR_EXPIRED,
  flow_state_expired: 'Ce lien a expiré. Demandez-en un nouveau.',
  flow_state_not_found: `${LINK_USED_OR_EXPIRED} S’il vient d’une demande faite dans un autre navigateur, ouvrez-le dans celui-là.`,
  bad_code_verifier: OTHER_BROWSER,
  pkce_code_verifier_not_found: OTHER_BROWSER,
  validation_failed: 'Les informations saisies sont incomplètes ou invalides\u202f: vérifiez l’adresse e-mail et le mot de passe.',
  email_address_invalid: 'Cette adresse e-mail n’est pas valide ou ne peut pas recevoir d’e-mails.',
  signup_disabled: 'Les inscriptions sont fermées sur cette instance.',
  session_not_found: SESSION_ENDED,
  session_expired: SESSION_ENDED,
  refresh_token_not_found: SESSION_ENDED,
  refresh_token_already_used: SESSION_ENDED,
  bad_jwt: SESSION_ENDED,
  no_authorization: SESSION_ENDED,
  user_not_found: 'Ce compte n’existe plus.',
  user_banned: 'Ce compte est suspendu. Contactez-nous pour en savoir plus.',
  access_denied: LINK_USED_OR_EXPIRED,
  auth_not_configured: 'Les comptes ne sont pas configurés sur cette instance\u202f: l’inscription et la connexion sont indisponibles.',
  service_unavailable: UNAVAILABLE,
  rate_limited: RATE_LIMITED
}

/** Why GoTrue found a password weak (`weak_password.reasons`), in French. */
const WEAK_PASSWORD_REASONS: Readonly<Record<string, string>> = {
  length: `il doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  characters: 'il doit mêler des minuscules, des majuscules, des chiffres et des symboles',
  pwned: 'il figure dans des fuites de données connues\u202f: choisissez-en un autre'
}

// 500 is a server failure, not unreachability; supabase-js still treats it as retryable.
const UNREACHABLE_STATUSES = new Set([0, 502, 503, 504, 520, 521, 522, 523, 524])

interface ErrorFields {
  name?: unknown
  status?: unknown
  code?: unknown
  reasons?: unknown
}

function fieldsOf(error: unknown): ErrorFields {
  return typeof error === 'object' && error !== null ? error : {}
}

/** The code and French message for any error an auth call can return or throw. */
export function describeAuthError(error: unknown): DescribedAuthError {
  const { name, status, code, reasons } = fieldsOf(error)
  const statusNumber = typeof status === 'number' ? status : undefined
  const codeText = typeof code === 'string' && code !== '' ? code : undefined

  if (codeText === 'weak_password' || name === 'AuthWeakPasswordError') {
    const explained = (Array.isArray(reasons) ? reasons : [])
      .filter((reason): reason is string => typeof reason === 'string')
      .map((reason) => WEAK_PASSWORD_REASONS[reason])
      .filter((text): text is string => text !== undefined)
    const message =
      explained.length === 0 ? AUTH_ERROR_MESSAGES.weak_password! : `Ce mot de passe est trop faible\u202f: ${explained.join('\u202f; ')}.`
    return { code: 'weak_password', message }
  }
  if (name === 'AuthSessionMissingError') return { code: 'session_not_found', message: SESSION_ENDED }
  if (codeText !== undefined && Object.hasOwn(AUTH_ERROR_MESSAGES, codeText)) {
    return { code: codeText, message: AUTH_ERROR_MESSAGES[codeText]! }
  }
  // Network failure, or the gateway could not reach Supabase Auth (502/504) or is closing (503).
  if (name === 'AuthRetryableFetchError' || (statusNumber !== undefined && UNREACHABLE_STATUSES.has(statusNumber))) {
    return { code: 'service_unavailable', message: UNAVAILABLE }
  }
  if (statusNumber === 429) return { code: 'rate_limited', message: RATE_LIMITED }
  return { code: codeText ?? 'unknown', message: GENERIC_AUTH_ERROR }
}
