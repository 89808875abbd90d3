// The signed-in state of the browser, and the one place that listens to supabase-js's session
// events (onAuthStateChange). Pages and the header read it through useAuthSession().
//
// supabase-js is loaded only when needed: on account pages, when this browser holds a session
// (the header then says « Mon espace »), or when the URL carries a session from an e-mail link.
// Until it answers, a stored session counts as "signed in, unconfirmed".
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import { forgetStoredSession, getSupabase, hasCodeVerifier, hasStoredSession } from '@/lib/supabase'
import { hasSessionInFragment } from './auth-link'

export type SessionStatus = 'unknown' | 'unconfigured' | 'signed-out' | 'signed-in'

export interface SessionState {
  status: SessionStatus
  /** False while the state is a guess from localStorage; true once supabase-js has answered. */
  confirmed: boolean
  session: Session | null
  email: string | null
  /** The session comes from a password-recovery link: /reset-password may set a new password. */
  recovery: boolean
  lastEvent: AuthChangeEvent | null
}

export const INITIAL_SESSION_STATE: SessionState = Object.freeze({
  status: 'unknown',
  confirmed: false,
  session: null,
  email: null,
  recovery: false,
  lastEvent: null
})

/** How each session event changes the state (pure, so it is tested without a browser). */
export function applyAuthEvent(current: SessionState, event: AuthChangeEvent, session: Session | null): SessionState {
  const signedIn = (recovery: boolean): SessionState =>
    session === null
      ? { ...current, status: 'signed-out', confirmed: true, session: null, email: null, recovery: false, lastEvent: event }
      : { status: 'signed-in', confirmed: true, session, email: session.user.email ?? null, recovery, lastEvent: event }
  const sameUser = session !== null && current.session?.user.id === session.user.id
  switch (event) {
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
      // Both can arrive around a PASSWORD_RECOVERY for the same session (tab refocus, start-up order).
      return signedIn(sameUser && current.recovery)
    case 'PASSWORD_RECOVERY':
      return signedIn(true)
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
    case 'MFA_CHALLENGE_VERIFIED':
      return signedIn(sameUser && current.recovery)
    case 'SIGNED_OUT':
      return { status: 'signed-out', confirmed: true, session: null, email: null, recovery: false, lastEvent: event }
    default:
      return { ...current, lastEvent: event }
  }
}

type Listener = () => void
type EventListener = (event: AuthChangeEvent, session: Session | null) => void

let state: SessionState = INITIAL_SESSION_STATE
const listeners = new Set<Listener>()
const eventListeners = new Set<EventListener>()
let connection: Promise<SupabaseClient> | null = null

function setState(next: SessionState): void {
  if (next === state) return
  state = next
  for (const listener of listeners) listener()
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const sessionSnapshot = (): SessionState => state
export const serverSessionSnapshot = (): SessionState => INITIAL_SESSION_STATE

/** Hears every session event after the state has taken it into account (navigation reacts here). */
export function onAuthEvent(listener: EventListener): () => void {
  eventListeners.add(listener)
  return () => eventListeners.delete(listener)
}

function handleEvent(event: AuthChangeEvent, session: Session | null): void {
  setState(applyAuthEvent(state, event, session))
  for (const listener of eventListeners) listener(event, session)
}

/** Loads supabase-js once and listens to its events; resolves with the client. */
export function connectSession(anonKey: string): Promise<SupabaseClient> {
  connection ??= getSupabase(anonKey).then(
    (supabase) => {
      // The handler only updates state and notifies: it never calls supabase-js back (which
      // awaits its listeners).
      supabase.auth.onAuthStateChange(handleEvent)
      return supabase
    },
    (error: unknown) => {
      connection = null
      if (state.status === 'unknown') setState({ ...state, status: 'signed-out' })
      throw error
    }
  )
  return connection
}

/**
 * Starts tracking the session after hydration. Without an anon key, accounts are not configured.
 * `eager` (account pages) loads supabase-js at once; otherwise only when there is something to
 * read: a stored session, a session or an error in the URL fragment, or a PKCE `?code=`.
 */
export function startSession(anonKey: string | null, eager = false): void {
  if (anonKey === null) {
    if (state.status === 'unknown') setState({ ...INITIAL_SESSION_STATE, status: 'unconfigured', confirmed: true })
    return
  }
  if (connection !== null) return
  const stored = hasStoredSession()
  const fromUrl =
    hasSessionInFragment(window.location.hash) || (new URLSearchParams(window.location.search).has('code') && hasCodeVerifier())
  if (!eager && !stored && !fromUrl) {
    if (state.status === 'unknown') setState({ ...state, status: 'signed-out', confirmed: true })
    return
  }
  if (state.status === 'unknown') setState({ ...state, status: stored ? 'signed-in' : 'signed-out', confirmed: false })
  connectSession(anonKey).catch(() => {
    // Chunk failed to load: the state stays as guessed; an account page shows the error itself.
  })
}

/** The current session according to supabase-js (refreshed if about to expire), or null. */
export async function currentSession(anonKey: string): Promise<Session | null> {
  const supabase = await connectSession(anonKey)
  const { data } = await supabase.auth.getSession()
  return data.session
}

/** After the new password is saved, the recovery session is an ordinary one. */
export function finishRecovery(): void {
  if (state.recovery) setState({ ...state, recovery: false })
}

/**
 * Signs out of this browser (scope `local`; other devices stay signed in). Resolves with
 * `'reload'` when Supabase Auth refused or could not be reached: supabase-js may then keep the
 * session, so it is removed from storage here and the caller reloads the page, signed out.
 */
export async function signOut(anonKey: string): Promise<'done' | 'reload'> {
  const supabase = await connectSession(anonKey)
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (!error) return 'done'
  // Whatever Supabase Auth answered (unreachable, or a session it no longer knows), signing out
  // of this browser must not fail: the stored session goes, and the page reloads signed out.
  forgetStoredSession()
  return 'reload'
}
