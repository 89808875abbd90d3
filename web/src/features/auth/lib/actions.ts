// What the account forms ask Supabase Auth, each as one call that never throws: the result says
// whether it worked, or why not in French. The forms only validate, call, and show.
import { describeAuthError, type DescribedAuthError } from './auth-errors'
import { connectSession, signOut } from './session'

export type ActionResult<T = undefined> = { ok: true; value: T } | { ok: false; error: DescribedAuthError }

type Client = Awaited<ReturnType<typeof connectSession>>

async function run<T>(anonKey: string, call: (supabase: Client) => Promise<{ error: unknown; value: T }>): Promise<ActionResult<T>> {
  try {
    const { error, value } = await call(await connectSession(anonKey))
    return error ? { ok: false, error: describeAuthError(error) } : { ok: true, value }
  } catch (error) {
    // supabase-js could not be loaded (network, new deploy).
    return { ok: false, error: describeAuthError(error) }
  }
}

export function signIn(anonKey: string, email: string, password: string): Promise<ActionResult> {
  return run(anonKey, async (supabase) => ({
    error: (await supabase.auth.signInWithPassword({ email, password })).error,
    value: undefined
  }))
}

/**
 * `signedIn`: the account is signed in at once — the instance confirms addresses automatically, or
 * (embedded accounts) the team invitation whose token is given was sent to this address.
 */
export function signUp(
  anonKey: string,
  email: string,
  password: string,
  emailRedirectTo: string,
  invitationToken: string | null = null
): Promise<ActionResult<{ signedIn: boolean }>> {
  return run(anonKey, async (supabase) => {
    const options = invitationToken === null ? { emailRedirectTo } : { emailRedirectTo, data: { invitation_token: invitationToken } }
    const { data, error } = await supabase.auth.signUp({ email, password, options })
    return { error, value: { signedIn: data.session !== null } }
  })
}

export function resendConfirmation(anonKey: string, email: string, emailRedirectTo: string): Promise<ActionResult> {
  return run(anonKey, async (supabase) => ({
    error: (await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo } })).error,
    value: undefined
  }))
}

export function requestPasswordReset(anonKey: string, email: string, redirectTo: string): Promise<ActionResult> {
  return run(anonKey, async (supabase) => ({
    error: (await supabase.auth.resetPasswordForEmail(email, { redirectTo })).error,
    value: undefined
  }))
}

export function updatePassword(anonKey: string, password: string): Promise<ActionResult> {
  return run(anonKey, async (supabase) => ({ error: (await supabase.auth.updateUser({ password })).error, value: undefined }))
}

/** Signs out of this browser; `reload` when Supabase Auth could not be told (see signOut). */
export function leave(anonKey: string): Promise<ActionResult<'done' | 'reload'>> {
  return run(anonKey, async () => ({ error: null, value: await signOut(anonKey) }))
}
