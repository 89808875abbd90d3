// `docker compose up` for real: the operator's path, docker-compose.yml as shipped with the
// substitutions of substitutes.yml laid over it (images built here: no registry can be reached),
// on a Docker engine started here when none runs (root, Debian). It shows every service healthy,
// the whole job through Caddy (sign up, quote, send, sign, sealed PDF), two gateway replicas with
// one stopped under load and no failed request, the data kept across `down` and `up`, and the
// gateway image running as non-root, with its size. Skipped, with the reason, where no engine can
// start. The base image is kept in the engine between runs (engine.ts), and Docker's build cache
// keeps the layers whose inputs did not change: a second run is much faster.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parisIsoDate } from '@paraphe/shared/dates'
import { loadGenerateEnv, OPERATOR_VALUES, repoRoot, runProgram } from '../deploy/helpers.js'
import { freePort } from '../support/free-port.js'
import { waitUntil } from '../support/gateway-process.js'
import { signRequestBody } from '../support/http-workspace.js'
import { startLoad } from '../support/load.js'
import { pdfsig } from '../support/pdfsig.js'
import { COMPLETE_PROFILE, completeContent } from '../support/workspace-users.js'
import { cannotRun, ensureNodeBase, sh, startEngine, type Engine } from './engine.js'

const reason = cannotRun()
if (reason !== null) {
  t.comment(`compose test skipped: ${reason}`)
  t.plan(0, reason)
} else {
  await composeUp()
}

async function composeUp(): Promise<void> {
  // Building the images the first time: tens of minutes on a busy 2-core machine.
  t.setTimeout(2_700_000)
  const started = Date.now()
  const work = await mkdtemp(path.join(tmpdir(), 'paraphe-compose-up-'))
  t.teardown(() => rm(work, { recursive: true, force: true }))
  let engine: Engine
  try {
    engine = await startEngine(path.join(work, 'dockerd.log'))
  } catch (error) {
    // dockerd installed but unable to run here (an unprivileged container, no cgroups…).
    const why = `the Docker engine could not start: ${(error as Error).message}`
    t.comment(`compose test skipped: ${why}`)
    t.plan(0, why)
    return
  }
  t.teardown(() => engine.stop())
  t.comment(engine.startedHere ? 'Docker engine started here (dockerd, stopped at the end)' : 'Docker engine already running')

  const baseStarted = Date.now()
  const base = ensureNodeBase((line) => t.comment(line))
  t.comment(`base image ${base.tag}: ${base.built ? 'built' : 'reused'} in ${Math.round((Date.now() - baseStarted) / 1000)} s`)

  // An operator's .env (fresh secrets), plain HTTP on free ports of this machine.
  const gen = await loadGenerateEnv()
  const envFile = path.join(work, '.env')
  gen.setupEnv({ output: envFile })
  const httpPort = await freePort()
  const project = 'parapheup'
  const values: Record<string, string> = {
    ...OPERATOR_VALUES,
    // Caddy without a host name: plain HTTP on :80, whatever the Host.
    SITE_ADDRESS: ':80',
    PUBLIC_URL: 'https://devis.example.test',
    HTTP_PORT: String(httpPort),
    HTTPS_PORT: String(await freePort()),
    // No SMTP server in this stack (the mail catcher's image cannot be pulled): e-mails wait in the outbox.
    SMTP_HOST: 'smtp.invalid',
    SMTP_PORT: '587'
  }
  await writeFile(envFile, gen.fillTemplate(await readFile(envFile, 'utf8'), values))
  const env = gen.parseEnv(await readFile(envFile, 'utf8'))
  // What substitutes.yml reads (not part of an operator's .env).
  const extra = `BASE_IMAGE=${base.tag}\nGATEWAY_UPSTREAM=${project}_gateway_1:3000 ${project}_gateway_2:3000\n`
  await writeFile(envFile, `${await readFile(envFile, 'utf8')}\n${extra}`)

  const compose = async (args: string[], timeoutMs = 1_800_000) => {
    const result = await runProgram(
      '/usr/bin/docker-compose',
      [
        '--project-directory',
        repoRoot,
        '-p',
        project,
        '-f',
        path.join(repoRoot, 'docker-compose.yml'),
        '-f',
        path.join(repoRoot, 'gateway/test/compose/substitutes.yml'),
        '--env-file',
        envFile,
        ...args
      ],
      { env: { PATH: process.env.PATH, HOME: work }, timeoutMs }
    )
    if (result.code !== 0) throw new Error(`docker-compose ${args.join(' ')} → ${result.code}\n${result.stdout}\n${result.stderr}`)
    return result.stdout
  }
  t.teardown(async () => {
    // Containers, networks and this run's volumes go; the images stay (the next run's cache).
    await compose(['down', '--volumes', '--timeout', '5']).catch((error: unknown) => t.comment(String(error)))
  })

  const buildStarted = Date.now()
  await compose(['build'])
  t.comment(`images built in ${Math.round((Date.now() - buildStarted) / 1000)} s`)

  const containers = async () => (await compose(['ps', '-q'])).split('\n').filter(Boolean)
  const inspect = (format: string, ids: string[]) =>
    sh('docker', ['inspect', '-f', format, ...ids])
      .trim()
      .split('\n')
  async function upAndHealthy(): Promise<void> {
    await compose(['up', '-d', '--scale', 'gateway=2'])
    await waitUntil(async () => {
      const ids = await containers()
      const states = inspect('{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}', ids)
      const exited = states.filter((line) => / exited /.test(`${line} `))
      if (exited.length > 0) throw new Error(`containers exited: ${exited.join(', ')}\n${await compose(['logs', '--tail', '50'])}`)
      return ids.length === 5 && states.every((line) => line.endsWith(' healthy'))
    }, 1000)
  }

  const site = `http://127.0.0.1:${httpPort}`
  let accessToken = ''
  const api = (method: string, url: string, body?: unknown) =>
    fetch(`${site}${url}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
  let quoteId = ''

  await t.test('every service healthy: caddy, two gateways, db, auth', async (t) => {
    const upStarted = Date.now()
    await upAndHealthy()
    t.comment(`up and healthy in ${Math.round((Date.now() - upStarted) / 1000)} s`)
    const names = inspect('{{.Name}}', await containers())
      .map((name) => name.replace(/^\//, ''))
      .sort()
    t.same(names, [`${project}_auth_1`, `${project}_caddy_1`, `${project}_db_1`, `${project}_gateway_1`, `${project}_gateway_2`])
    const ready = (await (await fetch(`${site}/readyz`)).json()) as { status: string; dependencies: Record<string, string> }
    t.equal(ready.status, 'ok')
    t.match(ready.dependencies, { database: 'ok', auth: 'ok' }, 'the gateway reaches db and auth by their service names')
  })

  await t.test('the whole job through Caddy: sign up, quote, send, sign, sealed PDF', async (t) => {
    const home = await fetch(`${site}/`)
    t.equal(home.status, 200)
    t.match(await home.text(), /<html lang="fr"/)
    const signUp = await fetch(`${site}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: env.ANON_KEY ?? '' },
      body: JSON.stringify({ email: 'artisan@example.fr', password: 'un mot de passe assez long' })
    })
    t.equal(signUp.status, 200, 'sign-up through the gateway’s /auth/v1')
    accessToken = ((await signUp.json()) as { access_token: string }).access_token
    t.ok(accessToken.length > 0, 'signed in at once (the stand-in confirms)')
    t.equal((await api('PUT', '/api/profile', COMPLETE_PROFILE)).status, 200, 'profile')
    const draft = await api('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })
    t.equal(draft.status, 201, 'quote created')
    quoteId = ((await draft.json()) as { quote: { id: string } }).quote.id
    const sent = await api('POST', `/api/quotes/${quoteId}/send`)
    t.equal(sent.status, 200, 'quote sent')
    const signingUrl = new URL(((await sent.json()) as { signingUrl: string }).signingUrl)
    t.equal(signingUrl.origin, 'https://devis.example.test', 'the link is on the public origin')
    const token = signingUrl.searchParams.get('token') as string
    t.equal((await fetch(`${site}/SignatureDevis?token=${token}`)).status, 200, 'the client’s page')
    const view = (await (await fetch(`${site}/api/sign/${token}`)).json()) as { documentSha256: string }
    const signed = await fetch(`${site}/api/sign/${token}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Test)' },
      body: JSON.stringify(signRequestBody(view.documentSha256))
    })
    t.equal(signed.status, 200, 'signed')
    let pdf = new Uint8Array()
    // The seal is put on by the PDF process: the sealed copy may take a moment.
    await waitUntil(async () => {
      const response = await fetch(`${site}/api/sign/${token}/pdf`)
      pdf = new Uint8Array(await response.arrayBuffer())
      return response.status === 200 && (await pdfsig(pdf)).signatures.length > 0
    }, 1000)
    const report = await pdfsig(pdf)
    t.equal(report.signatures.length, 1, 'one seal')
    t.ok(report.signatures[0]?.valid, `pdfsig: ${report.signatures[0]?.validation}`)
  })

  await t.test('two gateway replicas, one stopped under load: not one failed request', async (t) => {
    const stopped = `${project}_gateway_1`
    // API requests are logged (one line each): how many this replica answered.
    const answeredBy = (name: string) =>
      (
        execFileSync('docker', ['logs', name], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 })
          .toString()
          .match(/"msg":"request completed"/g) ?? []
      ).length
    const before = answeredBy(stopped)
    const loads = ['/', '/api/plans'].map((target) => startLoad(`${site}${target}`, 4))
    await new Promise((resolve) => setTimeout(resolve, 3000))
    t.ok(answeredBy(stopped) > before, 'the replica to be stopped takes its share of the load')
    // docker stop: SIGTERM, then the gateway drains (SHUTDOWN_GRACE_MS) and Caddy moves on.
    sh('docker', ['stop', '--time', '20', stopped])
    await new Promise((resolve) => setTimeout(resolve, 4000))
    for (const load of loads) load.stop()
    const results = await Promise.all(loads.map((load) => load.result))
    for (const [index, result] of results.entries()) {
      const name = index === 0 ? '/' : '/api/plans'
      t.comment(
        `${name}: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`
      )
      t.ok(result.requests.total > 50, `${name}: load ran`)
      t.equal(result.non2xx + result.errors + result.timeouts, 0, `${name}: no failed request`)
    }
    t.equal(inspect('{{.State.Status}}', [stopped])[0], 'exited', 'the replica is stopped')
    t.equal((await fetch(`${site}/api/plans`)).status, 200, 'the other replica serves')
    sh('docker', ['start', stopped])
  })

  await t.test('data kept across docker compose down and up', async (t) => {
    await compose(['down', '--timeout', '20'])
    t.same(await containers(), [], 'every container gone')
    await upAndHealthy()
    const quotes = await api('GET', `/api/quotes/${quoteId}`)
    t.equal(quotes.status, 200, 'the quote is still there (db-data volume)')
    t.match(((await quotes.json()) as { quote: { status: string } }).quote.status, 'signed')
  })

  await t.test('the gateway image runs as non-root; its size', async (t) => {
    const image = 'paraphe-test/gateway:compose'
    t.equal(inspect('{{.Config.User}}', [image])[0], 'node')
    const gateway = (await containers()).find((id) => inspect('{{.Name}}', [id])[0]?.includes('_gateway_')) as string
    t.equal(execFileSync('docker', ['exec', gateway, 'id', '-u']).toString().trim(), '1000', 'the running process’s user')
    const size = Number(inspect('{{.Size}}', [image])[0])
    t.comment(`gateway image size: ${(size / 1_000_000).toFixed(0)} MB`)
    t.ok(size > 0)
  })

  t.comment(`compose test: ${Math.round((Date.now() - started) / 1000)} s in all`)
}
