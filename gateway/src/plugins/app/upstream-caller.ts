// Who calls Paraphe's own `/auth/v1/paraphe/*` endpoints with Supabase Auth in front (the open
// sessions, the recovery codes): the access token verified as /api verifies it, its session still
// open in GoTrue's `auth.sessions`, and — unless the endpoint is the sign-in's second step — at the
// level the account requires. Answers in the auth API's error shape, as the proxied endpoints do.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuthConfig } from '../../config.js'
import { AuthApiError, errorPayload, wantsCurrentFormat } from '../../accounts/auth-api-error.js'
import { sessionAccess } from '../../auth/session-access.js'
import { bearerToken, createTokenVerifier, type AuthUser } from '../../auth/token-verifier.js'

/** `full`: aal2 once the account has a verified factor; `password`: an aal1 session will do. */
export type CallerLevel = 'full' | 'password'

export function upstreamCaller(fastify: FastifyInstance, auth: AuthConfig) {
  const verify = createTokenVerifier(auth)
  return async (request: FastifyRequest, level: CallerLevel = 'full'): Promise<AuthUser> => {
    const token = bearerToken(request.headers.authorization)
    if (token === null) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a Bearer token')
    const user = await verify(token).catch(() => {
      throw new AuthApiError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature')
    })
    // GoTrue's tables out of reach: the endpoint itself says what it cannot do.
    const access = await sessionAccess(fastify.db, 'auth', user.id, user.sessionId).catch(() => 'ok' as const)
    if (access === 'session_closed') throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    if (access === 'aal2_required' && level === 'full') throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required')
    return user
  }
}

/** An AuthApiError as the auth API answers it; anything else goes to the scope's error handler. */
function answerAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof AuthApiError)) throw error
  return reply
    .code(error.status)
    .header('x-sb-error-code', error.code)
    .send(errorPayload(error, wantsCurrentFormat(request.headers['x-supabase-api-version'])))
}

/** A route handler whose AuthApiErrors are answered in the auth API's shape (answerAuthError). */
export function answeringAuthErrors<Request extends FastifyRequest>(
  handler: (request: Request, reply: FastifyReply) => Promise<unknown>
): (request: Request, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    try {
      return await handler(request, reply)
    } catch (error) {
      return answerAuthError(error, request, reply)
    }
  }
}
