// The forms an e-mail link from Supabase Auth takes when it lands on /confirm-email or
// /reset-password:
// - `?token_hash=…&type=…`: a custom e-mail template; verified with verifyOtp (any browser).
// - `?code=…`: PKCE; exchanged with the code verifier kept by the browser that asked.
// - `#access_token=…&type=…`: implicit flow, after /auth/v1/verify; supabase-js reads it.
// - `#error=…&error_code=…&error_description=…` (also in the query for PKCE): the link failed,
//   typically `otp_expired` (expired or already used).

export type EmailLinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email'

const EMAIL_LINK_TYPES: readonly string[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']

export type AuthLink =
  | { kind: 'none' }
  | { kind: 'token_hash'; tokenHash: string; type: EmailLinkType }
  | { kind: 'code'; code: string }
  | { kind: 'implicit'; type: string | null }
  | { kind: 'error'; code: string; description: string | null }

/** Parameters these links put in the URL; removed once read, so a reload does not replay them. */
const LINK_PARAMS = ['token_hash', 'type', 'code', 'error', 'error_code', 'error_description', 'sb']

function hashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash)
}

export function parseAuthLink(href: string): AuthLink {
  const url = new URL(href)
  const query = url.searchParams
  const fragment = hashParams(url.hash)
  const pick = (name: string) => query.get(name) ?? fragment.get(name)

  const errorCode = pick('error_code')
  const error = pick('error')
  const description = pick('error_description')
  if (errorCode !== null || error !== null || (description !== null && description !== '')) {
    return { kind: 'error', code: errorCode ?? error ?? 'unknown', description }
  }
  const tokenHash = query.get('token_hash')
  const type = query.get('type')
  if (tokenHash !== null && tokenHash !== '') {
    // Supabase's own templates use `type=email` for sign-up confirmations.
    return { kind: 'token_hash', tokenHash, type: type !== null && EMAIL_LINK_TYPES.includes(type) ? (type as EmailLinkType) : 'email' }
  }
  const code = query.get('code')
  if (code !== null && code !== '') return { kind: 'code', code }
  if (fragment.get('access_token') !== null) return { kind: 'implicit', type: fragment.get('type') }
  return { kind: 'none' }
}

/** The URL without the link's parameters (for history.replaceState), or null when nothing changes. */
export function withoutLinkParams(href: string): string | null {
  const url = new URL(href)
  let changed = false
  for (const name of LINK_PARAMS) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name)
      changed = true
    }
  }
  const fragment = hashParams(url.hash)
  if (LINK_PARAMS.some((name) => fragment.has(name))) {
    url.hash = ''
    changed = true
  }
  return changed ? `${url.pathname}${url.search}${url.hash}` : null
}

/** Whether a page's URL carries something supabase-js should read at start (a session or an error in the fragment). */
export function hasSessionInFragment(hash: string): boolean {
  const fragment = hashParams(hash)
  return fragment.has('access_token') || fragment.has('error_code') || fragment.has('error_description')
}

/** An absolute URL of this site, for the links Supabase Auth puts in its e-mails (`redirect_to`). */
export function siteUrl(path: string): string {
  return new URL(path, window.location.origin).href
}
