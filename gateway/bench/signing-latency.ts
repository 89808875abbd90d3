// Time from the client's « Signer » request to the sealed PDF being stored, over 50 signatures,
// on PGlite and on a throwaway PostgreSQL 15; beside it, the time to render the same quote's PDF
// alone (the floor the signature adds to). Run by `npm run bench`.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import app, { serverOptions } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { migrate } from '../src/db/migrate.js'
import { openPglite } from '../src/db/pglite-database.js'
import { openPostgres } from '../src/db/postgres-database.js'
import { signAccessToken } from '../test/support/gotrue-tokens.js'
import { startPostgres } from '../test/support/throwaway-postgres.js'
import { BENCH_JWT_SECRET as SECRET, benchProfile, benchQuoteContent, benchSignBody, percentile } from './bench-support.js'

const SIGNATURES = Number(process.env.BENCH_SIGNATURES ?? 50)
async function measure(name: string, db: Database, dataDir: string): Promise<{ name: string; sign: number[]; render: number[] }> {
  await migrate(db)
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'bench-anon-key-0000000000',
    SUPABASE_JWT_SECRET: SECRET
  })
  const fastify: FastifyInstance = Fastify({ ...serverOptions(config), logger: { level: 'silent' } })
  await fastify.register(app, { config, database: db })
  await fastify.ready()
  await fastify.sealCertificate()
  const sign: number[] = []
  const render: number[] = []
  try {
    for (let index = 0; index < SIGNATURES + 2; index += 1) {
      const now = Math.floor(Date.now() / 1000)
      const sub = randomUUID()
      const token = await signAccessToken(
        {
          sub,
          aud: 'authenticated',
          exp: now + 3600,
          iat: now,
          email: `${sub}@example.fr`,
          phone: '',
          role: 'authenticated',
          aal: 'aal1',
          amr: [],
          session_id: sub,
          is_anonymous: false,
          app_metadata: {},
          user_metadata: {}
        },
        SECRET
      )
      const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        fastify.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) })
      await as('PUT', '/api/profile', benchProfile)
      const id = (await as('POST', '/api/quotes', { content: benchQuoteContent })).json<{ quote: { id: string } }>().quote.id
      const started = performance.now()
      await as('GET', `/api/quotes/${id}/pdf`)
      const rendered = performance.now() - started
      const link = new URL((await as('POST', `/api/quotes/${id}/send`)).json<{ signingUrl: string }>().signingUrl).searchParams.get(
        'token'
      ) as string
      const view = (await fastify.inject({ url: `/api/sign/${link}` })).json<{ documentSha256: string }>()
      const before = performance.now()
      const response = await fastify.inject({
        method: 'POST',
        url: `/api/sign/${link}/sign`,
        payload: benchSignBody(view.documentSha256)
      })
      const elapsed = performance.now() - before
      if (response.json<{ signedDocument: boolean }>().signedDocument !== true)
        throw new Error(`${name}: signature not sealed: ${response.body}`)
      // The first two warm the fonts, the key and the caches.
      if (index >= 2) {
        sign.push(elapsed)
        render.push(rendered)
      }
    }
  } finally {
    await fastify.close()
  }
  return { name, sign, render }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-'))
const results = []
const pglite = await openPglite(null)
try {
  results.push(await measure('PGlite (embedded)', pglite, dataDir))
} finally {
  await pglite.close()
}
const server = await startPostgres()
const postgres = await openPostgres({ connectionString: server.url, maxConnections: 10, onIdleError: () => undefined })
try {
  results.push(await measure('PostgreSQL 15', postgres, dataDir))
} finally {
  await postgres.close()
  server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(`\nSigning: request → sealed PDF stored, ${SIGNATURES} signatures each (12-line quote, drawn signature)`)
console.log('database               sign p50 ms  sign p95 ms   reference: quote PDF alone p50 ms')
for (const result of results) {
  console.log(
    `${result.name.padEnd(22)} ${percentile(result.sign, 50).toFixed(0).padStart(11)}  ${percentile(result.sign, 95).toFixed(0).padStart(11)}   ${percentile(result.render, 50).toFixed(0).padStart(10)}`
  )
}
