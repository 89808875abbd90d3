// The JSON shapes of GoTrue's API (models.User, AccessTokenResponse) that supabase-js parses.
export interface UserRow {
  id: string
  email: string
  password_hash: string
  email_confirmed_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  existing_account_mail_at: Date | null
  last_sign_in_at: Date | null
  user_metadata: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

export const USER_COLUMNS =
  'id, email, password_hash, email_confirmed_at, confirmation_sent_at, recovery_sent_at, existing_account_mail_at, last_sign_in_at, user_metadata, created_at, updated_at'

/** A factor as GET /user lists it (GoTrue's models.Factor; the secret never leaves). */
export interface FactorJson {
  id: string
  friendly_name: string
  factor_type: 'totp'
  status: 'verified' | 'unverified'
  created_at: string
  updated_at: string
}

export const APP_METADATA = { provider: 'email', providers: ['email'] } as const

const iso = (date: Date | null): string | undefined => (date === null ? undefined : new Date(date).toISOString())

/** GoTrue's user; `factors` only when there are some (GoTrue's omitempty). */
export function userJson(user: UserRow, factors: readonly FactorJson[] = []): Record<string, unknown> {
  return {
    ...(factors.length > 0 ? { factors } : {}),
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at) ?? null,
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: APP_METADATA,
    user_metadata: user.user_metadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, email_verified: user.email_confirmed_at !== null, phone_verified: false, sub: user.id },
        provider: 'email',
        last_sign_in_at: iso(user.created_at),
        created_at: iso(user.created_at),
        updated_at: iso(user.updated_at),
        email: user.email
      }
    ],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false
  }
}

/**
 * What a sign-up answers while confirmations are on, for a new address and a known one alike
 * (GoTrue's sanitizeUser, applied to both): the same keys, `identities: []`, nothing that tells
 * whether the address already had an account.
 */
export function signupAnswer(id: string, email: string, data: Record<string, unknown>, sentAt: Date): Record<string, unknown> {
  const now = sentAt.toISOString()
  return {
    id,
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: APP_METADATA,
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false
  }
}
