// Supabase's self-hosting example ships a public JWT secret and keys issued by `supabase-demo`
// (the CLI's local stack uses the same issuer). They are fine on a laptop and must never
// protect real accounts: production refuses to start with them.

export const DEMO_JWT_SECRET = 'your-super-secret-jwt-token-with-at-least-32-characters-long'
const DEMO_ISSUER = 'supabase-demo'

/** The `iss` claim of a JWT, read without verifying it (only to recognise demo keys). */
export function unverifiedIssuer(jwt: string): string | null {
  const payload = jwt.split('.')[1]
  if (payload === undefined) return null
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    return typeof claims === 'object' && claims !== null && typeof (claims as { iss?: unknown }).iss === 'string'
      ? (claims as { iss: string }).iss
      : null
  } catch {
    return null
  }
}

/** Problems to report when production runs with a demo secret. */
export function demoSecretProblems(env: { SUPABASE_JWT_SECRET?: string | undefined; SUPABASE_ANON_KEY?: string | undefined }): string[] {
  const problems: string[] = []
  if (env.SUPABASE_JWT_SECRET === DEMO_JWT_SECRET) {
    problems.push('SUPABASE_JWT_SECRET: this is the public demo secret; generate your own (npm run setup:env)')
  }
  if (env.SUPABASE_ANON_KEY !== undefined && unverifiedIssuer(env.SUPABASE_ANON_KEY) === DEMO_ISSUER) {
    problems.push('SUPABASE_ANON_KEY: this is a public demo key; generate your own (npm run setup:env)')
  }
  return problems
}
