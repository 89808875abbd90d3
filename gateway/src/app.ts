// The application as a Fastify plugin: it never listens (server.ts does), so tests build it
// with the same code path and use inject().
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import type Stripe from 'stripe'
import type { Config } from './config.js'
import embeddedAccountsPlugin, { embeddedAccountKeys } from './accounts/plugin.js'
import accountRoutes from './accounts/routes.js'
import localMailboxRoutes from './accounts/local-mailbox.js'
import authProxy from './plugins/app/auth-proxy.js'
import apiKeyAuthPlugin from './plugins/app/api-key-auth.js'
import authenticatePlugin from './plugins/app/authenticate.js'
import billingPlugin from './plugins/app/billing.js'
import authEmailTemplateRoutes from './routes/auth-email-templates.js'
import configPlugin from './plugins/app/config.js'
import databasePlugin from './plugins/app/database.js'
import type { Database } from './db/database.js'
import errorsPlugin from './plugins/app/errors.js'
import gracefulClosePlugin from './plugins/app/graceful-close.js'
import pdfWorkersPlugin from './plugins/app/pdf-workers.js'
import outboxPlugin, { type OutboxPluginOptions } from './plugins/app/outbox.js'
import webhooksPlugin, { type WebhooksPluginOptions } from './plugins/app/webhooks.js'
import transmissionPlugin, { type TransmissionPluginOptions } from './plugins/app/transmission.js'
import rateLimiterPlugin from './plugins/app/rate-limiter.js'
import readinessPlugin from './plugins/app/readiness.js'
import dependencyWatchPlugin from './plugins/app/dependency-watch.js'
import sealPlugin from './plugins/app/seal.js'
import invoiceActionsPlugin from './plugins/app/invoice-actions.js'
import quoteActionsPlugin from './plugins/app/quote-actions.js'
import queueWakePlugin from './plugins/app/queue-wake.js'
import jobsPlugin, { type JobsOptions } from './plugins/app/jobs.js'
import sitePlugin, { loadConfiguredSite } from './plugins/app/site.js'
import apiRoutes from './routes/api/index.js'
import healthRoutes from './routes/health.js'
import siteRoutes from './routes/site.js'
import { requestIdOf } from './http/request-id.js'
import { securityHeaders } from './http/security-headers.js'
import { openInvitationAddress } from './company/team.js'
import { lazySchemaCompilers } from './http/lazy-schema-compilers.js'

/** Options for the Fastify factory that depend on the config (shared by server and tests). */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    trustProxy: config.trustProxy,
    // The proxy's id when well-formed, read in genReqId because Fastify would otherwise take any
    // value as it is.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Found by fuzzing: a path with a malformed %-escape (`/api/sign/%ZZ`) fails before routing,
    // where Fastify answers in English with its own shape. Same shape and language as every
    // other refusal instead.
    frameworkErrors: (error, request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL'
      // The generic reply type of this hook has no schema to type `send` against.
      void (reply as FastifyReply)
        .code(400)
        .header('cache-control', 'no-store')
        .send({
          error: {
            code: badUrl ? 'bad_url' : 'bad_request',
            message: badUrl ? 'Adresse invalide : un caractère encodé (%) y est mal formé.' : 'Requête invalide.'
          }
        })
    },
    bodyLimit: 1_048_576,
    // A request must arrive whole within 30 s (slow senders are cut off), but a socket is only
    // closed after 2 min without activity: a handler that waits for a PDF worker on a loaded
    // machine (the first render after a start) answers late rather than having its client's
    // connection cut with no answer at all (seen at 30 s in the kill -9 drill under load).
    connectionTimeout: 120_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Start-up opens the database, applies migrations and loads the whole site into memory; on
    // a busy 2-core machine that can take longer than avvio's default 10 s per plugin.
    pluginTimeout: 120_000,
    routerOptions: { ignoreDuplicateSlashes: false, maxParamLength: 500 },
    // Every field's problem at once, so a form can show them all (bodies are capped at 1 MB).
    ajv: { customOptions: { allErrors: true } },
    schemaController: { compilersFactory: lazySchemaCompilers }
  }
}

export interface AppOptions {
  config: Config
  /** An open, migrated database owned by the caller; by default the app opens the configured one. */
  database?: Database
  /** Timings of the e-mail outbox's worker (tests make them short); production uses the defaults. */
  outbox?: OutboxPluginOptions
  /** Timings of the webhooks' delivery worker (tests make them short); production uses the defaults. */
  webhooks?: WebhooksPluginOptions
  /** Timings of the job registry (periodic interval, poll, lease); tests make them short. */
  jobs?: JobsOptions
  /** The hand-off's retries and the platform's timeout (tests make them short); production uses the defaults. */
  transmission?: TransmissionPluginOptions
  /** A Stripe client (tests point one at a stand-in); by default one is built from config.billing. */
  stripe?: Stripe
}

async function app(fastify: FastifyInstance, options: AppOptions) {
  // First the embedded accounts' anon key (a file read), which the pages carry in their config.
  const accountKeys = await embeddedAccountKeys(options.config)
  // The site's pages are compressed on libuv's threads while the main thread opens the database.
  // `.catch` marks a failure as handled until the site plugin awaits it and fails the start.
  const siteLoading = loadConfiguredSite(options.config)
  siteLoading.catch(() => undefined)
  // 1. Ecosystem plugins: registered where they serve (@fastify/static by the site's routes,
  //    @fastify/http-proxy by the auth proxy).
  // 2. The app's own decorators and hooks.
  await fastify.register(configPlugin, { config: options.config })
  await fastify.register(errorsPlugin)
  await fastify.register(gracefulClosePlugin)
  await fastify.register(readinessPlugin)
  await fastify.register(dependencyWatchPlugin)
  await fastify.register(databasePlugin, options.database === undefined ? {} : { database: options.database })
  await fastify.register(outboxPlugin, options.outbox ?? { leaseMs: options.config.jobs.outboxLeaseMs })
  await fastify.register(webhooksPlugin, options.webhooks ?? {})
  await fastify.register(transmissionPlugin, options.transmission ?? {})
  await fastify.register(
    jobsPlugin,
    options.jobs ?? { intervalMs: options.config.jobs.intervalMs, leaseMs: options.config.jobs.outboxLeaseMs }
  )
  await fastify.register(queueWakePlugin)
  await fastify.register(rateLimiterPlugin)
  await fastify.register(embeddedAccountsPlugin, { keys: accountKeys, invitedAddress: openInvitationAddress })
  await fastify.register(pdfWorkersPlugin)
  await fastify.register(sealPlugin)
  await fastify.register(quoteActionsPlugin)
  await fastify.register(invoiceActionsPlugin)
  await fastify.register(authenticatePlugin)
  await fastify.register(apiKeyAuthPlugin)
  await fastify.register(billingPlugin, options.stripe === undefined ? {} : { stripe: options.stripe })
  await fastify.register(sitePlugin, { loading: siteLoading })
  const headers = securityHeaders(options.config)
  fastify.addHook('onRequest', async (request, reply) => {
    reply.headers(headers).header('x-request-id', request.id)
  })
  // 3. Routes.
  await fastify.register(healthRoutes)
  // Upstream failures are logged once, at error level, by the proxy itself, unless the operator
  // asked for even less.
  const quieter = ['fatal', 'silent'].includes(options.config.logLevel)
  await fastify.register(authProxy, { logLevel: quieter ? options.config.logLevel : 'error' })
  await fastify.register(accountRoutes)
  await fastify.register(localMailboxRoutes)
  await fastify.register(authEmailTemplateRoutes)
  await fastify.register(apiRoutes, { prefix: '/api' })
  await fastify.register(siteRoutes, { logLevel: options.config.staticLogLevel })
}

// Not encapsulated: the error handler and hooks apply to the whole server.
export default fp(app, { name: 'paraphe' })
