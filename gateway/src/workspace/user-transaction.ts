import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthUser } from '../auth/token-verifier.js'
import { assertMayWrite, membershipOf, type RequestMember } from '../company/membership.js'
import { asUser, type Queryable } from '../db/database.js'

export interface MemberTransactionOptions {
  /** Allowed to a read-only member (leaving the company is always possible). */
  readOnlyAllowed?: boolean
}

/**
 * Runs `work` as the request's user under RLS, with their membership resolved in the same
 * transaction; private routes only (authenticate ran first). Requests that change something
 * (any method but GET/HEAD) are refused to members the plan's seats leave read-only.
 */
export function asRequestUser<T>(
  fastify: FastifyInstance,
  request: FastifyRequest,
  work: (tx: Queryable, member: RequestMember) => Promise<T>,
  options: MemberTransactionOptions = {}
): Promise<T> {
  const user = request.user as AuthUser
  return asUser(fastify.db, { sub: user.id, email: user.email, role: 'authenticated' }, async (tx) => {
    const member = await membershipOf(tx, user)
    const writes = request.method !== 'GET' && request.method !== 'HEAD'
    if (writes && options.readOnlyAllowed !== true) await assertMayWrite(tx, member)
    return work(tx, member)
  })
}
