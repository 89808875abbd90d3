// `/auth/v1/paraphe/sessions` with Supabase Auth in front: the open sessions listed and one closed
// (accounts/upstream-sessions.ts), the same extension the embedded accounts serve, so « Sécurité »
// works the same whoever keeps the accounts. Registered in the proxy's scope before the proxy (its
// budgets and its error shape); the caller proves who they are with their access token, and a
// session that must have proved the second factor has to have done so.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuthConfig } from '../../config.js'
import { closeUpstreamSession, listUpstreamSessions } from '../../accounts/upstream-sessions.js'
import { answeringAuthErrors, upstreamCaller } from './upstream-caller.js'

const SESSIONS_PATH = '/auth/v1/paraphe/sessions'

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

export function upstreamSessionRoutes(fastify: FastifyInstance, auth: AuthConfig, guard: Guard): void {
  const caller = upstreamCaller(fastify, auth)

  fastify.get(
    SESSIONS_PATH,
    { preHandler: guard },
    answeringAuthErrors(async (request) => {
      const user = await caller(request)
      return listUpstreamSessions(fastify.db, user.id, user.sessionId)
    })
  )

  fastify.delete<{ Params: { id: string } }>(
    `${SESSIONS_PATH}/:id`,
    { preHandler: guard },
    answeringAuthErrors(async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const user = await caller(request)
      await closeUpstreamSession(fastify.db, user.id, request.params.id)
      return reply.code(204).send()
    })
  )
}
