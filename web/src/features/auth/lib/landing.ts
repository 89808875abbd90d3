// What an e-mail link does when it lands on /confirm-email or /reset-password: verify the token
// hash, exchange the PKCE code, or let supabase-js read the session from the fragment. Each link
// is used once per page load, even if React runs the effect twice (StrictMode in development).
import { describeAuthError } from './auth-errors'
import { hasSessionInFragment, parseAuthLink, withoutLinkParams, type AuthLink } from './auth-link'
import { hasCodeVerifier } from '@/lib/supabase'
import { connectSession } from './session'

export type LandingResult =
  { kind: 'signed-in'; email: string | null; recovery: boolean } | { kind: 'failed'; code: string; message: string }

const results = new Map<string, Promise<LandingResult>>()

function failed(error: unknown): LandingResult {
  const { code, message } = describeAuthError(error)
  return { kind: 'failed', code, message }
}

async function land(anonKey: string, link: Exclude<AuthLink, { kind: 'none' }>): Promise<LandingResult> {
  if (link.kind === 'error') return failed({ code: link.code })
  try {
    const supabase = await connectSession(anonKey)
    if (link.kind === 'token_hash') {
      const { data, error } = await supabase.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type })
      if (error) return failed(error)
      return { kind: 'signed-in', email: data.user?.email ?? null, recovery: link.type === 'recovery' }
    }
    if (link.kind === 'code') {
      // The code is worth nothing without the verifier kept by the browser that asked for the link.
      if (!hasCodeVerifier()) return failed({ code: 'pkce_code_verifier_not_found' })
      const { data, error } = await supabase.auth.exchangeCodeForSession(link.code)
      if (error) return failed(error)
      // supabase-js reports which flow the code came from (not in its types).
      const redirectType = (data as { redirectType?: string | null }).redirectType
      return { kind: 'signed-in', email: data.user?.email ?? null, recovery: redirectType === 'recovery' }
    }
    // Implicit: supabase-js reads the fragment while it starts, and clears it on success.
    const { error } = await supabase.auth.initialize()
    const { data } = await supabase.auth.getSession()
    if (data.session === null || hasSessionInFragment(window.location.hash)) {
      return failed(error ?? { code: 'otp_expired' })
    }
    return { kind: 'signed-in', email: data.session.user.email ?? null, recovery: link.type === 'recovery' }
  } catch (error) {
    return failed(error)
  }
}

export function landAuthLink(anonKey: string, link: Exclude<AuthLink, { kind: 'none' }>): Promise<LandingResult> {
  const key = JSON.stringify(link)
  let result = results.get(key)
  if (result === undefined) {
    result = land(anonKey, link)
    results.set(key, result)
  }
  return result
}

export type LandingState = { kind: 'idle' } | { kind: 'working' } | { kind: 'unconfigured' } | LandingResult

/**
 * Follows the link in `href` (nothing when there is none): reports `working`, then the result,
 * then removes the link's parameters from the address (`replaceUrl`, given the clean URL) so a
 * reload does not replay it. The returned function cancels the reports (the page went away).
 */
export function followAuthLink(
  href: string,
  anonKey: string | null,
  report: (state: LandingState) => void,
  replaceUrl: (clean: string) => void,
  currentHref: () => string = () => href
): () => void {
  const link = parseAuthLink(href)
  let active = true
  const cancel = () => {
    active = false
  }
  if (link.kind === 'none') return cancel
  if (anonKey === null) {
    report({ kind: 'unconfigured' })
    return cancel
  }
  report({ kind: 'working' })
  void landAuthLink(anonKey, link).then((result) => {
    if (!active) return
    report(result)
    const clean = withoutLinkParams(currentHref())
    if (clean !== null) replaceUrl(clean)
  })
  return cancel
}
