// `/auth/v1/paraphe/sessions` with Supabase Auth in front: the open sessions listed and one closed
// (accounts/upstream-sessions.ts), the same extension the embedded accounts serve, so « Sécurité »
// works the same whoever keeps the accounts. Registered in the proxy's scope before the proxy (its
// budgets and its error shape); the caller proves who they are with their access token, and a
// session that must have proved the second factor has to have done so.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuthConfig } from '../../config.js'
import { AuthApiError, errorPayload, wantsCurrentFormat } from '../../accounts/auth-api-error.js'
import { closeUpstreamSession, listUpstreamSessions } from '../../accounts/upstream-sessions.js'
import { sessionAccess } from '../../auth/session-access.js'
import { bearerToken, createTokenVerifier, type AuthUser } from '../../auth/token-verifier.js'

const SESSIONS_PATH = '/auth/v1/paraphe/sessions'

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

export function upstreamSessionRoutes(fastify: FastifyInstance, auth: AuthConfig, guard: Guard): void {
  const verify = createTokenVerifier(auth)

  /** The caller, with a session still open and at the level its account requires. */
  async function caller(request: FastifyRequest): Promise<AuthUser> {
    const token = bearerToken(request.headers.authorization)
    if (token === null) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a Bearer token')
    const user = await verify(token).catch(() => {
      throw new AuthApiError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature')
    })
    const access = await sessionAccess(fastify.db, 'auth', user.id, user.sessionId).catch(() => 'ok' as const)
    if (access === 'session_closed') throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    if (access === 'aal2_required') throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required')
    return user
  }

  const answerError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (!(error instanceof AuthApiError)) throw error
    return reply
      .code(error.status)
      .header('x-sb-error-code', error.code)
      .send(errorPayload(error, wantsCurrentFormat(request.headers['x-supabase-api-version'])))
  }

  fastify.get(SESSIONS_PATH, { preHandler: guard }, async (request, reply) => {
    try {
      const user = await caller(request)
      return await listUpstreamSessions(fastify.db, user.id, user.sessionId)
    } catch (error) {
      return answerError(error, request, reply)
    }
  })

  fastify.delete<{ Params: { id: string } }>(`${SESSIONS_PATH}/:id`, { preHandler: guard }, async (request, reply) => {
    try {
      const user = await caller(request)
      await closeUpstreamSession(fastify.db, user.id, request.params.id)
      return reply.code(204).send()
    } catch (error) {
      return answerError(error, request, reply)
    }
  })
}
