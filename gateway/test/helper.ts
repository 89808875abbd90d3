// Builds the gateway the way server.ts does, for inject() and loopback tests.
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import Fastify, { type FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import app, { serverOptions } from '../src/app.js'
import { logRedaction } from '../src/http/log-redaction.js'
import { loadConfig, type Config, type EmbeddedAccountsConfig } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import type { JobsOptions } from '../src/plugins/app/jobs.js'
import type { TransmissionPluginOptions } from '../src/plugins/app/transmission.js'
import type { WebhooksPluginOptions } from '../src/plugins/app/webhooks.js'
import { testDatabase } from './support/databases.js'

let dataDir: string | null = null

/** A data folder for this test process (the seal's certificate goes there), removed at the end. */
export function testDataDir(): string {
  if (dataDir === null) {
    const created = mkdtempSync(path.join(os.tmpdir(), 'paraphe-data-'))
    t.teardown(() => rmSync(created, { recursive: true, force: true }))
    dataDir = created
  }
  return dataDir
}

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDataDir(), ...env })
}

export interface BuildOptions {
  /** Routes a test adds next to the app's (e.g. to make the error handler run). */
  extra?: (fastify: FastifyInstance) => Promise<void>
  /** Collects the JSON log lines (at LOG_LEVEL, default silent) for assertions. */
  logs?: Array<Record<string, unknown>>
  /** Default: this process's shared PGlite. */
  database?: Database
  /** The job registry's timings (periodic interval, poll, lease), when a test wants to see them run on their own. */
  jobs?: JobsOptions
  /** A Stripe client pointed at the stand-in (test/support/stripe-stand-in.ts). */
  stripe?: Stripe
  /** Timings of the webhooks' worker a test shortens (retry delay, poll). */
  webhooks?: WebhooksPluginOptions
  /** The hand-off job's retries and the platforms' timeout a test shortens. */
  transmission?: TransmissionPluginOptions
  /** Timings of the embedded accounts a test shortens (token lifetimes, e-mail interval…). */
  accounts?: EmbeddedAccountsConfig['overrides']
}

export async function buildApp(env: NodeJS.ProcessEnv = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = testConfig(env)
  if (config.accounts !== null && options.accounts !== undefined) config.accounts.overrides = options.accounts
  const logs = options.logs
  const stream = logs === undefined ? undefined : { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) }
  const fastify = Fastify({
    ...serverOptions(config),
    logger: { level: config.logLevel, ...logRedaction, ...(stream === undefined ? {} : { stream }) }
  })
  await fastify.register(app, {
    config,
    database: options.database ?? (await testDatabase('pglite')),
    jobs: options.jobs ?? {},
    ...(options.webhooks === undefined ? {} : { webhooks: options.webhooks }),
    ...(options.transmission === undefined ? {} : { transmission: options.transmission }),
    ...(options.stripe === undefined ? {} : { stripe: options.stripe })
  })
  if (options.extra !== undefined) await fastify.register(options.extra)
  await fastify.ready()
  return fastify
}

/**
 * Sends one request line exactly as written (inject() and HTTP clients normalise `..`), and
 * returns the raw response.
 */
export function rawRequest(port: number, target: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('connect', () => {
      const lines = [`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close']
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
      socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    })
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.on('error', reject)
  })
}
