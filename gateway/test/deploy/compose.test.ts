// docker-compose.yml, checked without a Docker engine: Debian's docker-compose (v1) validates and
// resolves it with a generated .env; the file itself is read with `yaml` for the rules that a
// valid file can still break (pinned images, health checks, what is published, the settings
// GoTrue and the gateway need). The resolved gateway environment must pass the gateway's own
// production config.
import t from 'tap'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { DEFAULT_SITE_DIR, loadConfig } from '../../src/config.js'
import {
  caddyfile,
  composeFile,
  composeVariables,
  dockerfile,
  envExample,
  loadGenerateEnv,
  OPERATOR_VALUES,
  repoRoot,
  runProgram,
  withoutComments
} from './helpers.js'

const DOCKER_COMPOSE = '/usr/bin/docker-compose'

interface Healthcheck {
  test?: string[] | string
  disable?: boolean
}
interface Service {
  image?: string
  build?: unknown
  profiles?: string[]
  ports?: string[]
  environment?: Record<string, string | number | boolean | null>
  healthcheck?: Healthcheck
  depends_on?: Record<string, { condition?: string }> | string[]
  networks?: string[] | Record<string, unknown>
  volumes?: string[]
  read_only?: boolean
}
interface ComposeFile {
  version?: string
  services: Record<string, Service>
  networks?: Record<string, { ipam?: { config?: Array<{ subnet?: string }> } } | null>
  volumes?: Record<string, unknown>
}

const gen = await loadGenerateEnv()
const composeText = await readFile(composeFile, 'utf8')
const compose = parse(composeText) as ComposeFile
const services = compose.services
const documented = gen.parseEnv(await readFile(envExample, 'utf8'))

/** A production-like .env (fresh secrets, every required value filled) in a temp folder. */
const workDir = await mkdtemp(path.join(tmpdir(), 'paraphe-compose-'))
t.teardown(() => rm(workDir, { recursive: true, force: true }))
const envFile = path.join(workDir, '.env')
gen.setupEnv({ output: envFile })
await writeFile(envFile, gen.fillTemplate(await readFile(envFile, 'utf8'), OPERATOR_VALUES))
const envValues = gen.parseEnv(await readFile(envFile, 'utf8'))

/** docker-compose with nothing from this machine's environment: only the given env file counts. */
function dockerCompose(args: string[], file = envFile) {
  return runProgram(DOCKER_COMPOSE, ['-f', composeFile, '--env-file', file, ...args], {
    env: { PATH: process.env.PATH, HOME: workDir },
    timeoutMs: 60_000
  })
}

const environmentOf = (service: Service): Record<string, string> =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value ?? '')]))
const networksOf = (service: Service): string[] =>
  Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {})

t.test('docker-compose (v1) validates and resolves the file', async (t) => {
  t.ok(existsSync(DOCKER_COMPOSE), `${DOCKER_COMPOSE} is installed (apt-get install -y --no-install-recommends docker-compose)`)
  const result = await dockerCompose(['--profile', 'dev', '--profile', 'admin', 'config'])
  t.equal(result.code, 0, result.stderr)
  const resolved = parse(result.stdout) as ComposeFile
  t.same(Object.keys(resolved.services).sort(), ['auth', 'caddy', 'db', 'gateway', 'mail', 'meta', 'studio'])

  const services = await dockerCompose(['config', '--services'])
  t.equal(services.code, 0, services.stderr)

  t.test('the gateway gets what production needs, and its config accepts it', async (t) => {
    const env = environmentOf(resolved.services.gateway as Service)
    t.equal(env.NODE_ENV, 'production')
    t.equal(env.HOST, '0.0.0.0')
    t.equal(env.PORT, '3000')
    t.equal(env.PUBLIC_URL, envValues.PUBLIC_URL)
    t.equal(env.AUTH_UPSTREAM_URL, 'http://auth:9999')
    t.equal(env.SUPABASE_ANON_KEY, envValues.ANON_KEY)
    t.equal(env.SUPABASE_JWT_SECRET, envValues.JWT_SECRET)
    t.equal(env.TRUST_PROXY, resolved.networks?.edge?.ipam?.config?.[0]?.subnet, 'trusts exactly the edge network')
    t.equal(env.DATABASE_URL, `postgres://postgres:${envValues.POSTGRES_PASSWORD}@db:5432/postgres`)
    t.same(
      [env.SMTP_HOST, env.SMTP_PORT, env.SMTP_USER, env.SMTP_PASS],
      [envValues.SMTP_HOST, envValues.SMTP_PORT, envValues.SMTP_USER, envValues.SMTP_PASS]
    )
    t.equal(env.SMTP_URL, undefined, 'no URL to encode a password into')
    t.equal(env.OPERATOR_ADDRESS, OPERATOR_VALUES.OPERATOR_ADDRESS, 'values with spaces arrive whole, without quotes')

    // The Dockerfile sets SITE_DIR=/app/web/dist/client; here the local build stands in for it.
    const config = loadConfig({ ...env, SITE_DIR: DEFAULT_SITE_DIR, LOG_LEVEL: 'silent' })
    t.equal(config.production, true)
    t.equal(config.publicUrl.href, 'https://devis.example.fr/')
    t.equal(config.auth?.upstream.href, 'http://auth:9999/')
    t.equal(config.trustProxy, '172.30.10.0/24')
  })

  t.test('GoTrue gets the settings that bite', async (t) => {
    const env = environmentOf(resolved.services.auth as Service)
    const publicUrl = envValues.PUBLIC_URL ?? ''
    t.equal(env.GOTRUE_SITE_URL, publicUrl)
    t.equal(env.API_EXTERNAL_URL, `${publicUrl}/auth/v1`, 'the public origin that serves /auth/v1')
    const allowList = (env.GOTRUE_URI_ALLOW_LIST ?? '').split(',')
    t.ok(allowList.includes(`${publicUrl}/confirm-email`))
    t.ok(allowList.includes(`${publicUrl}/reset-password`))
    t.notOk(
      allowList.some((url) => !url.startsWith(`${publicUrl}/`)),
      'no other origin'
    )
    for (const kind of ['CONFIRMATION', 'INVITE', 'RECOVERY', 'EMAIL_CHANGE']) {
      t.equal(env[`GOTRUE_MAILER_URLPATHS_${kind}`], '/auth/v1/verify', `MAILER_URLPATHS_${kind}`)
    }
    // French bodies, fetched from the gateway on the backend network (routes/auth-email-templates).
    for (const [kind, name] of [
      ['CONFIRMATION', 'confirmation'],
      ['RECOVERY', 'recovery'],
      ['EMAIL_CHANGE', 'email-change'],
      ['INVITE', 'invite'],
      ['MAGIC_LINK', 'magic-link']
    ]) {
      t.equal(env[`GOTRUE_MAILER_TEMPLATES_${kind}`], `http://gateway:3000/auth-email-templates/${name}`, `MAILER_TEMPLATES_${kind}`)
    }
    t.equal(env.GOTRUE_SMTP_HOST, envValues.SMTP_HOST)
    t.equal(env.GOTRUE_SMTP_PORT, envValues.SMTP_PORT)
    t.equal(env.GOTRUE_SMTP_ADMIN_EMAIL, envValues.SMTP_ADMIN_EMAIL)
    t.equal(env.GOTRUE_MAILER_AUTOCONFIRM, 'false')
    t.equal(env.GOTRUE_DISABLE_SIGNUP, 'false')
    t.equal(env.GOTRUE_EXTERNAL_EMAIL_ENABLED, 'true')
    t.equal(env.GOTRUE_RATE_LIMIT_HEADER, 'X-Forwarded-For')
    t.equal(env.GOTRUE_JWT_SECRET, envValues.JWT_SECRET, 'same secret as the gateway')
    t.equal(env.GOTRUE_JWT_AUD, 'authenticated')
    t.equal(env.GOTRUE_JWT_EXP, '3600')
    t.equal(env.GOTRUE_DB_DATABASE_URL, `postgres://supabase_auth_admin:${envValues.POSTGRES_PASSWORD}@db:5432/postgres`)
    t.equal(env.GOTRUE_PASSWORD_MIN_LENGTH, '12', 'the rule the web pages state')
    t.equal(env.GOTRUE_MAILER_SUBJECTS_CONFIRMATION, 'Confirmez votre adresse e-mail')
    t.equal(env.GOTRUE_MAILER_SUBJECTS_RECOVERY, 'Réinitialisez votre mot de passe')
    // Empty booleans and integers crash GoTrue: only the SMTP login may be empty.
    for (const [key, value] of Object.entries(env)) {
      if (!['GOTRUE_SMTP_USER', 'GOTRUE_SMTP_PASS'].includes(key)) t.not(value, '', `${key} is not empty`)
    }
  })

  t.test('without generated secrets, compose refuses to start and says what to do', async (t) => {
    const raw = await dockerCompose(['config'], envExample)
    t.not(raw.code, 0)
    t.match(raw.stderr, /npm run setup:env|in \.env/)
  })
})

t.test('the file follows the deployment rules', async (t) => {
  t.equal(compose.version, undefined, 'compose specification: no top-level version')
  t.same(Object.keys(services).sort(), ['auth', 'caddy', 'db', 'gateway', 'mail', 'meta', 'studio'])

  for (const [name, service] of Object.entries(services)) {
    if (service.build !== undefined) {
      t.equal(service.image, undefined, `${name}: built here`)
    } else {
      const match = /^([a-z0-9./_-]+):([A-Za-z0-9._-]+)$/.exec(service.image ?? '')
      t.ok(match, `${name}: image ${service.image} has an explicit tag`)
      t.notOk(['latest', 'stable', 'alpine', 'main'].includes(match?.[2] ?? ''), `${name}: tag ${match?.[2]} is not a moving one`)
      t.match(match?.[2] ?? '', /\d/, `${name}: tag names a version`)
    }
    // Every image here has a way to check itself (HTTP, pg_isready, node or wget inside).
    t.ok(service.healthcheck?.test !== undefined && service.healthcheck.disable !== true, `${name}: has a healthcheck`)
    const dependsOn = service.depends_on ?? {}
    t.notOk(Array.isArray(dependsOn), `${name}: depends_on uses conditions`)
    for (const [dependency, rule] of Object.entries(dependsOn)) {
      t.equal((rule as { condition?: string }).condition, 'service_healthy', `${name} waits for ${dependency} to be healthy`)
    }
  }

  t.same(services.gateway?.depends_on, { db: { condition: 'service_healthy' }, auth: { condition: 'service_healthy' } })
  t.same(services.caddy?.depends_on, { gateway: { condition: 'service_healthy' } })
  t.same(services.auth?.depends_on, { db: { condition: 'service_healthy' } })
  t.equal(services.gateway?.read_only, true, 'the gateway runs on a read-only root file system')

  t.same(services.mail?.profiles, ['dev'])
  t.same(services.studio?.profiles, ['admin'])
  t.same(services.meta?.profiles, ['admin'])
  for (const name of ['caddy', 'gateway', 'db', 'auth']) t.equal(services[name]?.profiles, undefined, `${name} always runs`)
})

t.test('only Caddy is public; the database and GoTrue publish nothing', async (t) => {
  t.equal(services.db?.ports, undefined)
  t.equal(services.auth?.ports, undefined)
  t.equal(services.gateway?.ports, undefined, 'the gateway is reached through Caddy only')
  for (const [name, service] of Object.entries(services)) {
    for (const port of service.ports ?? []) {
      t.notMatch(port, /:(5432|9999)(\/\w+)?$/, `${name}: ${port} does not expose the database or GoTrue`)
      if (name !== 'caddy') t.match(port, /^127\.0\.0\.1:/, `${name}: ${port} is bound to the loopback`)
    }
  }
  t.same(services.caddy?.ports, ['${HTTP_PORT:-80}:80', '${HTTPS_PORT:-443}:443', '${HTTPS_PORT:-443}:443/udp'])

  // The gateway trusts X-Forwarded-For from the edge network: only Caddy may be in it.
  const inEdge = Object.entries(services)
    .filter(([, service]) => networksOf(service).includes('edge'))
    .map(([name]) => name)
  t.same(inEdge.sort(), ['caddy', 'gateway'])
  t.match(compose.networks?.edge?.ipam?.config?.[0]?.subnet, /\$\{EDGE_SUBNET:-[\d./]+\}/)
  t.match(services.gateway?.environment?.TRUST_PROXY, /^\$\{EDGE_SUBNET:-[\d./]+\}$/)

  t.ok((services.db?.volumes ?? []).includes('db-data:/var/lib/postgresql/data'), 'the database lives in a named volume')
  t.ok(Object.keys(compose.volumes ?? {}).includes('db-data'))
  for (const mount of services.db?.volumes ?? []) {
    if (mount.startsWith('./')) {
      const source = mount.split(':')[0] ?? ''
      t.ok(existsSync(path.join(repoRoot, source)), `${source} exists`)
      t.match(
        mount,
        /:\/docker-entrypoint-initdb\.d\/init-scripts\/[\w.-]+\.sql:ro$/,
        'one init script, not the whole folder (the image has its own)'
      )
    }
  }
})

t.test('every variable the deploy files read is documented in .env.example', async (t) => {
  t.notMatch(withoutComments(composeText).replace(/\$\$/g, ''), /\$(?!\{)/, 'only the ${VAR} form is used (so the check below sees all)')
  const referenced = composeVariables(composeText)
  t.ok(referenced.size > 20)
  for (const name of referenced) t.ok(name in documented, `${name} is in .env.example`)
  for (const name of referenced) t.ok(name in envValues, `${name} is in the generated .env`)

  // The Caddyfile reads its variables from the caddy service's environment (or has a default).
  const caddyEnv = services.caddy?.environment ?? {}
  const caddyText = await readFile(caddyfile, 'utf8')
  for (const match of caddyText.matchAll(/\{\$([A-Z0-9_]+)(:[^}]*)?\}/g)) {
    const [, name, fallback] = match
    t.ok(fallback !== undefined || (name as string) in caddyEnv, `Caddyfile's ${name} is set by docker-compose.yml or has a default`)
  }
})

t.test('the gateway image: pinned Node 24, production dependencies, non-root, health check', async (t) => {
  const text = await readFile(dockerfile, 'utf8')
  t.match(text, /^ARG NODE_IMAGE=node:24\.\d+\.\d+-bookworm-slim$/m, 'Node 24 pinned to an exact release')
  t.match(text, /^FROM \$\{NODE_IMAGE\} AS build$/m)
  t.match(text, /^FROM \$\{NODE_IMAGE\} AS production$/m)
  t.match(text, /npm ci --omit=dev --workspace gateway --workspace shared --include-workspace-root=false/)
  t.match(text, /^COPY --from=build \/app\/shared\/dist shared\/dist$/m)
  t.match(text, /^COPY --from=build \/app\/gateway\/dist gateway\/dist$/m)
  t.match(text, /^COPY --from=build \/app\/web\/dist\/client web\/dist\/client$/m)
  t.match(text, /^USER node$/m)
  t.match(text, /SITE_DIR=\/app\/web\/dist\/client/)
  t.match(text, /^HEALTHCHECK .*\n\s+CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:3000\/healthz'\)/m)
  t.match(text, /^CMD \["node", "gateway\/dist\/server\.js"\]$/m)
  t.match(text, /^EXPOSE 3000$/m)
  const ignore = (await readFile(path.join(repoRoot, '.dockerignore'), 'utf8')).split('\n')
  for (const entry of ['**/node_modules', '**/dist', '.git', '.env']) t.ok(ignore.includes(entry), `.dockerignore has ${entry}`)
})

t.test('runProgram reports a program that cannot start', async (t) => {
  await t.rejects(runProgram(path.join(workDir, 'no-such-program'), []), { code: 'ENOENT' })
})
