import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthUser } from '../../auth/token-verifier.js'
import { assertMayWrite, memberFrom, membershipRead, type MemberScope, type RequestMember } from '../../company/membership.js'
import { ApiProblem } from '../../errors.js'
import { asUser, type Queryable } from '../../db/database.js'
import { requireFeature } from '../../plans/plan-gates.js'
import { assertTwoFactorMet } from '../../company/two-factor-rule.js'

export interface MemberTransactionOptions {
  /** Allowed to a read-only member (leaving the company is always possible). */
  readOnlyAllowed?: boolean
  /** Allowed without the second factor the company requires (reading that it requires one). */
  withoutTwoFactor?: boolean
}

/**
 * Runs `work` as the request's user under RLS, with their membership resolved in the same
 * transaction; private routes only (authenticate ran first). Requests that change something
 * (any method but GET/HEAD) are refused to members the plan's seats leave read-only. A request
 * of the public API (an API key, acting as its creator) also needs a plan with the API, checked
 * here so that a downgrade stops the keys at their next request.
 */
export function asRequestUser<T>(
  fastify: FastifyInstance,
  request: FastifyRequest,
  work: (tx: Queryable, member: RequestMember) => Promise<T>,
  options: MemberTransactionOptions = {}
): Promise<T> {
  const user = request.user as AuthUser
  return asUser(
    fastify.db,
    { sub: user.id, email: user.email, role: 'authenticated' },
    async (tx, opened) => {
      const member = memberFrom(user, opened)
      if (request.apiKey !== null) {
        // The key was resolved with its creator's membership: a move since then is a refusal, not another company.
        if (member.companyId !== request.apiKey.companyId)
          throw new ApiProblem(401, 'invalid_api_key', 'Cette clé d’API n’est plus valide.')
        await requireFeature(tx, 'api', fastify.config.publicUrl)
      }
      // API keys are the company's own machines, not people signing in: the rule is for sessions.
      if (request.apiKey === null && options.withoutTwoFactor !== true) assertTwoFactorMet(member)
      const writes = request.method !== 'GET' && request.method !== 'HEAD'
      if (writes && options.readOnlyAllowed !== true) await assertMayWrite(tx, member)
      return work(tx, member)
    },
    membershipRead(user)
  )
}

/** The request's member transaction as a domain action takes it. */
export function memberScope(fastify: FastifyInstance, request: FastifyRequest): MemberScope {
  return (work) => asRequestUser(fastify, request, work)
}
