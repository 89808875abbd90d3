// `/auth/v1/paraphe/recovery-codes*` with Supabase Auth in front, which has no recovery codes
// (accounts/upstream-recovery-codes.ts): the count « Sécurité » shows, new codes after the factor
// is verified, and a code used at the sign-in's second step, which removes the authenticator. The
// same paths as the embedded accounts', registered in the proxy's scope before the proxy (its
// budgets, its error shape).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuthConfig } from '../../config.js'
import { AuthApiError } from '../../accounts/auth-api-error.js'
import type { Body } from '../../accounts/account-context.js'
import { DEFAULT_ACCOUNT_SETTINGS } from '../../accounts/account-settings.js'
import {
  generateUpstreamRecoveryCodes,
  upstreamRecoveryState,
  useUpstreamRecoveryCode,
  type UpstreamRecoveryContext
} from '../../accounts/upstream-recovery-codes.js'
import { answeringAuthErrors, upstreamCaller } from './upstream-caller.js'

const CODES_PATH = '/auth/v1/paraphe/recovery-codes'

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/** The proxy's scope reads bodies as bytes (to forward them as sent): this JSON object, or a 400. */
function jsonBody(raw: unknown): Body {
  let body = raw
  if (Buffer.isBuffer(raw)) {
    const text = raw.toString('utf8')
    try {
      body = text.trim() === '' ? {} : JSON.parse(text)
    } catch (error) {
      throw new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
    }
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {}
}

export function upstreamRecoveryCodeRoutes(fastify: FastifyInstance, auth: AuthConfig, guard: Guard): void {
  const caller = upstreamCaller(fastify, auth)
  const context: UpstreamRecoveryContext = {
    db: fastify.db,
    limiter: fastify.rateLimiter,
    settings: { codeFailures: DEFAULT_ACCOUNT_SETTINGS.codeFailures },
    site: fastify.config.site,
    wakeOutbox: fastify.queueWake.outbox
  }

  // Also asked by the sign-in's code step (aal1), to learn whether codes exist here; the count
  // tells whoever holds the password nothing they could use.
  fastify.get(
    CODES_PATH,
    { preHandler: guard },
    answeringAuthErrors(async (request) => upstreamRecoveryState(context, await caller(request, 'password')))
  )

  fastify.post(
    CODES_PATH,
    { preHandler: guard },
    answeringAuthErrors(async (request) => generateUpstreamRecoveryCodes(context, await caller(request)))
  )

  // The sign-in's second step: the password's aal1 session is enough.
  fastify.post(
    `${CODES_PATH}/verify`,
    { preHandler: guard },
    answeringAuthErrors(async (request) => {
      const user = await caller(request, 'password')
      return useUpstreamRecoveryCode(context, user, jsonBody(request.body), request.ip)
    })
  )
}
