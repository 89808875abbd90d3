import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthUser } from '../auth/token-verifier.js'
import { asUser, type Queryable } from '../db/database.js'

/** Runs `work` as the request's user under RLS; private routes only (authenticate ran first). */
export function asRequestUser<T>(
  fastify: FastifyInstance,
  request: FastifyRequest,
  work: (tx: Queryable, user: AuthUser) => Promise<T>
): Promise<T> {
  const user = request.user as AuthUser
  return asUser(fastify.db, { sub: user.id, email: user.email, role: 'authenticated' }, (tx) => work(tx, user))
}
