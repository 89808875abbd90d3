import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { upstreamSessionAccess, type ApiAccess } from '../../auth/session-access.js'
import { bearerToken, createTokenVerifier, TokenError, type AuthUser } from '../../auth/token-verifier.js'
import { errorBody } from '../../errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `fastify.authenticate` on private routes. */
    user: AuthUser | null
  }
  interface FastifyInstance {
    /** onRequest hook for private routes: 401 without a valid user access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

export default fp(
  async function authenticate(fastify: FastifyInstance) {
    const auth = fastify.config.auth
    const embedded = fastify.embeddedAccounts
    const verify =
      auth !== null
        ? createTokenVerifier(auth)
        : embedded !== null
          ? createTokenVerifier({ jwtSecret: embedded.secret, jwksUrl: null })
          : null
    // Whoever keeps the accounts, a closed session ends at its next request, and an account with a
    // second factor is reached only by a session that proved it (auth/session-access.ts).
    const access: ((userId: string, sessionId: string | null) => Promise<ApiAccess>) | null =
      auth !== null
        ? upstreamSessionAccess(fastify.db, fastify.log)
        : embedded !== null
          ? (userId, sessionId) => embedded.service.apiAccess(userId, sessionId)
          : null
    fastify.decorateRequest('user', null)
    fastify.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      if (verify === null) {
        return reply.code(503).send(errorBody('auth_not_configured', 'Les comptes ne sont pas configurés sur cette instance.'))
      }
      const token = bearerToken(request.headers.authorization)
      try {
        if (token === null) throw new TokenError('token_missing', 'Connectez-vous pour accéder à cette page.')
        request.user = await verify(token)
      } catch (error) {
        const { code, message } = error as TokenError
        request.log.info({ code }, 'unauthenticated request')
        return reply
          .code(401)
          .header('www-authenticate', token === null ? 'Bearer' : 'Bearer error="invalid_token"')
          .send(errorBody(code, message))
      }
      if (access !== null) {
        const verdict = await access(request.user.id, request.user.sessionId)
        if (verdict === 'session_closed') {
          request.user = null
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer error="invalid_token"')
            .send(errorBody('session_closed', 'Cette session a été fermée : reconnectez-vous.'))
        }
        if (verdict === 'aal2_required') {
          request.user = null
          return reply
            .code(403)
            .send(errorBody('aal2_required', 'Saisissez le code de votre application d’authentification pour accéder à vos données.'))
        }
      }
    })
  },
  { name: 'authenticate', dependencies: ['config', 'embedded-accounts'] }
)
