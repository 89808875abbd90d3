import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { SessionBody } from '@paraphe/shared/api/session-schemas'
import type { AuthUser } from '../../auth/token-verifier.js'

/** Who the access token belongs to, as the gateway sees it (the account area greets with it). */
export default async function sessionRoutes(fastify: FastifyInstance) {
  fastify.get('/session', { schema: { response: { 200: SessionBody, ...ErrorResponses } } }, async (request) => {
    // The scope's authenticate hook has set the user (or answered 401).
    const user = request.user as AuthUser
    return { user: { id: user.id, email: user.email, role: user.role, aal: user.aal } }
  })
}
