// `/auth/v1/*` served by the gateway itself (embedded accounts): the endpoints supabase-js calls,
// with GoTrue's request and response shapes, status codes and error codes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { authEndpointOf } from '../rate-limit/auth-limits.js'
import { authBudget } from '../plugins/app/auth-budget.js'
import { AuthApiError, API_VERSION, errorPayload, wantsCurrentFormat } from './auth-api-error.js'
import type { Body, ClientInfo } from './account-service.js'
import { nulFields } from '../http/storable-input.js'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js'

/** Auth requests are small JSON documents. */
const BODY_LIMIT = 64 * 1024

/**
 * Sign-up, recover and resend do different work for known and unknown addresses (an e-mail or
 * none): their answers all leave at least this long after the request came, so that time does
 * not tell either. Well above the work itself (one argon2id hash, one transaction).
 */
export const EVEN_ANSWER_MS = 250

async function evenly<T>(work: () => Promise<T>, { onlyRefusals = false } = {}): Promise<T> {
  const started = performance.now()
  const wait = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, EVEN_ANSWER_MS - (performance.now() - started))))
  try {
    const result = await work()
    if (!onlyRefusals) await wait()
    return result
  } catch (error) {
    await wait()
    throw error
  }
}

export default async function accountRoutes(fastify: FastifyInstance) {
  const accounts = fastify.embeddedAccounts
  const config = fastify.config.accounts
  if (accounts === null || config === null) return
  const { service } = accounts
  const spent = authBudget(fastify, config.rateLimitPerMinute)

  await fastify.register(
    async (scope) => {
      // GoTrue reads JSON whatever the content type, and an empty body as no parameters
      // (supabase-js posts /logout without one).
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, text, done) => {
        const raw = String(text)
        if (raw.trim() === '') return done(null, {})
        let body: unknown
        try {
          body = JSON.parse(raw)
        } catch (error) {
          return done(new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`), undefined)
        }
        // No account column can store a NUL character (it answered 500 from SQL).
        if (Object.keys(nulFields(body)).length > 0)
          return done(new AuthApiError(400, 'validation_failed', 'Request contains an invalid character'), undefined)
        done(null, body)
      })

      scope.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store')
        if (wantsCurrentFormat(request.headers['x-supabase-api-version'])) reply.header('x-supabase-api-version', API_VERSION)
        // The admin API does not exist here (GoTrue's is for operators' tools, never the browser).
        if (authEndpointOf(request.url) === 'admin') throw new AuthApiError(404, 'not_found', 'Not Found')
        const limited = await spent(request)
        if (limited !== null) {
          reply.header('retry-after', String(limited.retryAfterSeconds))
          throw new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached')
        }
      })

      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        let failure: AuthApiError
        if (error instanceof AuthApiError) failure = error
        else if (error.statusCode === 413) failure = new AuthApiError(413, 'request_too_large', 'Request body too large')
        else if (error.statusCode !== undefined && error.statusCode < 500)
          failure = new AuthApiError(400, 'validation_failed', error.message)
        else if (isDatabaseUnavailable(error)) {
          // GoTrue answers a lost database the same way: a 503 the client may retry.
          request.log.warn({ err: error }, 'embedded accounts: database unavailable')
          reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          failure = new AuthApiError(503, 'service_unavailable', 'Service temporarily unavailable, please try again')
        } else {
          request.log.error({ err: error }, 'embedded accounts: request failed')
          failure = new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information')
        }
        return reply
          .code(failure.status)
          .header('x-sb-error-code', failure.code)
          .send(errorPayload(failure, wantsCurrentFormat(request.headers['x-supabase-api-version'])))
      })
      // Everything else under /auth/v1 (admin, phone, OAuth…) does not exist here: JSON 404.
      scope.all('/*', async () => {
        throw new AuthApiError(404, 'not_found', 'Not Found')
      })

      const body = (request: FastifyRequest): Body =>
        typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Body) : {}
      const signedIn = (request: FastifyRequest) => service.authenticate(request.headers.authorization)
      const client = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' })

      scope.get('/health', async () => ({
        version: 'paraphe-embedded',
        name: 'GoTrue',
        description: 'Paraphe embedded accounts (GoTrue-compatible)'
      }))
      scope.get('/settings', async () => ({
        external: { anonymous_users: false, email: true, phone: false },
        disable_signup: false,
        mailer_autoconfirm: service.settings.autoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false
      }))
      // Access tokens are HS256 (shared secret): no public key to publish.
      scope.get('/.well-known/jwks.json', async () => ({ keys: [] }))
      scope.post('/signup', async (request) => evenly(() => service.signup(body(request), client(request))))
      scope.post<{ Querystring: { grant_type?: string } }>('/token', async (request) => {
        const grant = request.query.grant_type
        // A refused sign-in (unknown address or wrong password alike) also leaves after the same
        // delay; a successful one is not slowed down.
        if (grant === 'password') return evenly(() => service.signInWithPassword(body(request), client(request)), { onlyRefusals: true })
        if (grant === 'refresh_token') return service.refresh(body(request))
        throw new AuthApiError(400, 'unsupported_grant_type', 'unsupported_grant_type')
      })
      scope.post('/verify', async (request) => service.verify(body(request), client(request)))
      scope.post('/recover', async (request) => evenly(() => service.recover(body(request))))
      scope.post('/resend', async (request) => evenly(() => service.resend(body(request))))
      scope.get('/user', async (request) => service.currentUser(await signedIn(request)))
      scope.put('/user', async (request) => service.updateUser(await signedIn(request), body(request)))
      scope.post<{ Querystring: { scope?: string } }>('/logout', async (request, reply: FastifyReply) => {
        await service.logout(await signedIn(request), request.query.scope ?? 'global')
        return reply.code(204).send()
      })

      // Supabase Auth's MFA API (TOTP).
      type FactorParams = { Params: { id: string } }
      scope.post('/factors', async (request) => service.enroll(await signedIn(request), body(request)))
      scope.post<FactorParams>('/factors/:id/challenge', async (request) =>
        service.challenge(await signedIn(request), request.params.id, client(request))
      )
      scope.post<FactorParams>('/factors/:id/verify', async (request) =>
        service.verifyFactor(await signedIn(request), request.params.id, body(request), client(request))
      )
      scope.delete<FactorParams>('/factors/:id', async (request) => service.unenroll(await signedIn(request), request.params.id))

      // Paraphe's extensions, absent from Supabase Auth: recovery codes, the open sessions.
      scope.post('/paraphe/recovery-codes', async (request) => service.generateRecoveryCodes(await signedIn(request)))
      scope.get('/paraphe/recovery-codes', async (request) => service.recoveryCodesLeft(await signedIn(request)))
      scope.post('/paraphe/recovery-codes/verify', async (request) =>
        service.useRecoveryCode(await signedIn(request), body(request), client(request))
      )
      scope.get('/paraphe/sessions', async (request) => service.listSessions(await signedIn(request)))
      scope.delete<FactorParams>('/paraphe/sessions/:id', async (request, reply: FastifyReply) => {
        await service.closeSession(await signedIn(request), request.params.id)
        return reply.code(204).send()
      })
    },
    { prefix: '/auth/v1' }
  )
}
