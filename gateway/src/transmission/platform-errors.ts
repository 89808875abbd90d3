// What can go wrong when talking to a plateforme agréée (or Chorus Pro), in the terms the hand-off
// decides on: retry later with back-off (the platform is down, busy, slow, or our token expired),
// or give up with the reason (the platform refused the request itself).

export type PlatformErrorKind =
  /** No connection (DNS, refused, reset). */
  | 'unreachable'
  /** No answer in time. */
  | 'timeout'
  /** The token address refused the client id and secret (or the API refused the key). */
  | 'credentials_refused'
  /** 5xx or 429: try again later. */
  | 'unavailable'
  /** Another 4xx: the request itself is refused, trying again would not help. */
  | 'refused'
  /** It answered, but not as an XP Z12-013 Flow Service does. */
  | 'not_flow_service'
  /** In production, an address inside our network, or in clear (http://): never called. */
  | 'forbidden_address'

const RETRYABLE: ReadonlySet<PlatformErrorKind> = new Set(['unreachable', 'timeout', 'unavailable'])

export class PlatformError extends Error {
  readonly retryable: boolean
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    /** The HTTP status, when there was an answer. */
    readonly status: number | null = null,
    /** The platform's own errorCode / reasonCode, when it gave one. */
    readonly code: string | null = null
  ) {
    super(message)
    this.name = 'PlatformError'
    this.retryable = RETRYABLE.has(kind)
  }
}

/** The French sentence the settings page shows for a failed « Tester la connexion ». */
export function connectionProblem(error: PlatformError): string {
  switch (error.kind) {
    case 'unreachable':
      return 'Adresse injoignable : vérifiez l’adresse de l’API et celle des jetons (aucune connexion n’a pu être établie).'
    case 'timeout':
      return 'La plateforme n’a pas répondu à temps : réessayez dans quelques minutes.'
    case 'credentials_refused':
      return 'Identifiants refusés : la plateforme n’accepte pas cet identifiant client et ce secret (ou cette clé d’API).'
    case 'unavailable':
      return `La plateforme est momentanément indisponible (réponse ${error.status ?? '?'}) : réessayez plus tard.`
    case 'not_flow_service':
      return 'Cette adresse ne répond pas comme une API de flux de plateforme agréée (norme AFNOR XP Z12-013) : vérifiez l’adresse de l’API.'
    case 'forbidden_address':
      return `Adresse refusée : ${error.message} Indiquez l’adresse publique (https://) de la plateforme.`
    case 'refused':
      return `La plateforme a refusé la demande (réponse ${error.status ?? '?'}${error.code === null ? '' : `, ${error.code}`}).`
  }
}
