// The one Supabase client of the browser, created on first use from the runtime config. The
// library (~40 KB brotli) is a dynamic import: public pages never load it unless a visitor has a
// session, arrives from an e-mail link, or uses an account page. Browser only: call from effects
// and event handlers, never during render (the prerender has no window).
import type { SupabaseClient } from '@supabase/supabase-js'

let client: Promise<SupabaseClient> | null = null
let clientKey: string | null = null

/** The localStorage key supabase-js keeps the session under: `sb-<first label of host>-auth-token`. */
export function sessionStorageKey(hostname: string): string {
  return `sb-${hostname.split('.')[0] ?? ''}-auth-token`
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    // Storage disabled (privacy settings): no persisted session.
    return null
  }
}

/** Whether a session was persisted by supabase-js in this browser (without loading it). */
export function hasStoredSession(): boolean {
  return readStorage(sessionStorageKey(window.location.hostname)) !== null
}

/** Whether a PKCE flow started in this browser (supabase-js keeps its code verifier beside the session). */
export function hasCodeVerifier(): boolean {
  return readStorage(`${sessionStorageKey(window.location.hostname)}-code-verifier`) !== null
}

/** Removes the persisted session (and its user copy) from this browser without asking the server. */
export function forgetStoredSession(): void {
  const key = sessionStorageKey(window.location.hostname)
  try {
    window.localStorage.removeItem(key)
    window.localStorage.removeItem(`${key}-user`)
  } catch {
    // Storage disabled: nothing was persisted.
  }
}

/**
 * The client, loaded and created once. `anonKey` is the runtime config's `supabaseAnonKey`;
 * callers check it is not null (accounts not configured) before asking.
 */
export function getSupabase(anonKey: string): Promise<SupabaseClient> {
  if (client !== null && clientKey !== anonKey) throw new Error('The Supabase client already exists with another anon key')
  clientKey = anonKey
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(window.location.origin, anonKey, {
      auth: {
        // Links in e-mails carry the session (#access_token=…) or a token hash; PKCE `?code=`
        // links are exchanged by the landing pages themselves.
        flowType: 'implicit',
        detectSessionInUrl: true,
        persistSession: true,
        autoRefreshToken: true
      }
    })
  )
  client.catch(() => {
    // A failed chunk load may succeed later (network back, or the page reloads after a deploy).
    client = null
  })
  return client
}

/** Whether the client was asked for already (its library may still be loading). */
export function supabaseRequested(): boolean {
  return client !== null
}

/**
 * A valid access token for the API, refreshed by supabase-js when it is about to expire; null
 * without a session.
 */
export async function getAccessToken(anonKey: string): Promise<string | null> {
  // No session kept in this browser (a client opening a signing link): no token, and the
  // library is not loaded for nothing.
  if (client === null && !hasStoredSession()) return null
  const supabase = await getSupabase(anonKey)
  const { data } = await supabase.auth.getSession()
  return data.session?.access_token ?? null
}
