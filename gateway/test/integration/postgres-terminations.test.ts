// A gateway on PostgreSQL under load while every one of its backends is terminated each second
// (what a server restart, a failover or a pooler recycling connections does to it): the process
// stays up, the requests that lost their connection get a French 503 with Retry-After (GoTrue's
// shape under /auth/v1), the others succeed, and once the terminations stop every request
// succeeds again without a restart. The periodic jobs and the e-mail worker run every second
// meanwhile, so their failures must not end the process either.
// POSTGRES_TERMINATIONS_SECONDS lengthens the storm (60 for the one-minute run).
import t from 'tap'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { parisIsoDate } from '@paraphe/shared/dates'
import { startGateway } from '../support/gateway-process.js'
import { startSmtpServer } from '../support/smtp-server.js'
import { startPostgres } from '../support/throwaway-postgres.js'
import { COMPLETE_PROFILE, completeContent } from '../support/workspace-users.js'

const STORM_SECONDS = Number(process.env.POSTGRES_TERMINATIONS_SECONDS ?? 12)
const CONNECTIONS = 6
t.setTimeout(600_000)

interface Outcome {
  path: string
  status: number
  retryAfter: string | null
  body: string
}

t.test('a gateway whose PostgreSQL backends are terminated every second', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const smtp = await startSmtpServer()
  t.teardown(() => smtp.stop())
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-terminations-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  // Embedded accounts on the same database, so that /auth/v1 loses its connections too.
  const gateway = await startGateway({
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    JOBS_INTERVAL_MS: '1000',
    AUTH_AUTOCONFIRM: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000'
  })
  t.teardown(() => gateway.child.kill('SIGKILL'))
  const origin = `http://127.0.0.1:${gateway.port}`

  const signup = (await (
    await fetch(`${origin}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'terminations@example.fr', password: 'un mot de passe solide 42' })
    })
  ).json()) as { access_token: string }
  const authorization = `Bearer ${signup.access_token}`
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${origin}${url}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000)
    })
  t.equal((await call('PUT', '/api/profile', COMPLETE_PROFILE)).status, 200, 'profile saved')
  const draft = (
    (await (await call('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json()) as { quote: { id: string } }
  ).quote
  const sent = (await (await call('POST', `/api/quotes/${draft.id}/send`)).json()) as { signingUrl: string }
  const token = new URL(sent.signingUrl).searchParams.get('token') as string

  // What a professional, a client and a visitor do at once.
  const requests: Array<() => Promise<Response>> = [
    () => call('GET', '/api/quotes'),
    () => call('GET', `/api/quotes/${draft.id}`),
    () => call('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) }),
    () => call('GET', '/api/dashboard'),
    () => call('GET', '/auth/v1/user'),
    () => fetch(`${origin}/api/sign/${token}`, { signal: AbortSignal.timeout(60_000) }),
    () => fetch(`${origin}/`, { signal: AbortSignal.timeout(60_000) })
  ]
  const paths = ['/api/quotes', '/api/quotes/:id', 'POST /api/quotes', '/api/dashboard', '/auth/v1/user', '/api/sign/:token', '/']
  // A request that gets no answer (status 0) is a failure the assertions below name.
  const once = async (index: number): Promise<Outcome> => {
    try {
      const response = await (requests[index] as () => Promise<Response>)()
      return {
        path: paths[index] as string,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.text()
      }
    } catch (error) {
      return { path: paths[index] as string, status: 0, retryAfter: null, body: String(error) }
    }
  }

  const operator = new pg.Client({ connectionString: postgres.url, application_name: 'operator' })
  operator.on('error', () => undefined)
  await operator.connect()
  t.teardown(() => operator.end())

  const outcomes: Outcome[] = []
  let terminated = 0
  let stormOver = false
  const clients = Array.from({ length: CONNECTIONS }, async (_, client) => {
    for (let turn = client; !stormOver; turn++) outcomes.push(await once(turn % requests.length))
  })
  const started = Date.now()
  while (Date.now() - started < STORM_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    terminated +=
      (
        await operator.query<{ n: number }>(
          "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'paraphe-gateway'"
        )
      ).rows[0]?.n ?? 0
  }
  stormOver = true
  await Promise.all(clients)

  t.equal(gateway.child.exitCode, null, 'the gateway process is still running')
  t.equal(gateway.child.signalCode, null, 'and was not killed')
  // The signing API's own per-address budget (300 a minute) is not a failure of the database: a
  // long storm from one address exceeds it.
  const limited = outcomes.filter((outcome) => outcome.path === '/api/sign/:token' && outcome.status === 429)
  t.ok(
    limited.every((outcome) => /Trop de requêtes/.test(outcome.body)),
    `the signing API's rate limit answered in French (${limited.length} times)`
  )
  const failed = outcomes.filter((outcome) => (outcome.status === 0 || outcome.status >= 300) && !limited.includes(outcome))
  const unavailable = failed.filter((outcome) => outcome.status === 503)
  t.comment(
    `${STORM_SECONDS} s, ${terminated} backends terminated, ${outcomes.length} requests: ${outcomes.length - failed.length} succeeded, ${unavailable.length} answered 503`
  )
  t.ok(terminated >= STORM_SECONDS / 2, `backends were terminated every second (${terminated})`)
  t.ok(outcomes.length - limited.length > failed.length, 'requests succeeded between terminations')
  t.same(
    failed.filter((outcome) => outcome.status !== 503).map((outcome) => `${outcome.path} ${outcome.status} ${outcome.body.slice(0, 200)}`),
    [],
    'every failed request is a 503'
  )
  for (const outcome of unavailable) {
    if (outcome.retryAfter === null) t.fail(`${outcome.path}: 503 without Retry-After`)
    const body = JSON.parse(outcome.body) as { error?: { message?: string }; code?: number; error_code?: string }
    if (outcome.path.startsWith('/auth/v1')) {
      if (body.error_code !== 'service_unavailable' && body.code !== 503) t.fail(`${outcome.path}: not GoTrue's shape: ${outcome.body}`)
    } else if (!/momentanément indisponible/.test(body.error?.message ?? '')) t.fail(`${outcome.path}: no French message: ${outcome.body}`)
  }
  t.ok(
    outcomes.filter((outcome) => outcome.path === '/').every((outcome) => outcome.status === 200),
    'the home page never failed'
  )

  // The terminations stopped: every request succeeds again, in the same process.
  const after = []
  for (let index = 0; index < requests.length * 2; index++) after.push(await once(index % requests.length))
  t.same(
    after.filter((outcome) => outcome.status === 0 || outcome.status >= 300).map((outcome) => `${outcome.path} ${outcome.status}`),
    [],
    'afterwards every request succeeds'
  )
  const fatal = gateway.lines.filter((line) => Number(line.level) >= 60)
  t.same(fatal, [], 'nothing fatal in the log')
})
