// The embedded accounts' lifetimes and limits, GoTrue's defaults unless a test overrides them.

export interface AccountSettings {
  /** AUTH_AUTOCONFIRM: sign-up signs in at once, without confirming the address (demos). */
  autoconfirm: boolean
  accessTokenTtlSeconds: number
  /** A rotated refresh token still works this long (two tabs refreshing at once). */
  refreshReuseIntervalSeconds: number
  confirmationTtlSeconds: number
  recoveryTtlSeconds: number
  /** No second e-mail of one kind to one account within this time. */
  emailMinIntervalSeconds: number
  /** Failed sign-ins per address and window, from any IP; then 429 until the window ends. */
  signInFailures: { max: number; windowSeconds: number }
  /** Wrong second-factor codes (TOTP or recovery) per factor and per client address, each; then 429. */
  codeFailures: { max: number; windowSeconds: number }
  /** The `iss` claim: the public URL of /auth/v1. */
  issuer: string
}

export const DEFAULT_ACCOUNT_SETTINGS: Omit<AccountSettings, 'autoconfirm' | 'issuer'> = {
  accessTokenTtlSeconds: 3600,
  refreshReuseIntervalSeconds: 10,
  confirmationTtlSeconds: 24 * 3600,
  recoveryTtlSeconds: 3600,
  emailMinIntervalSeconds: 60,
  signInFailures: { max: 10, windowSeconds: 15 * 60 },
  // Five wrong codes a quarter-hour: guessing one of the 3 accepted 6-digit codes takes years.
  codeFailures: { max: 5, windowSeconds: 15 * 60 }
}
