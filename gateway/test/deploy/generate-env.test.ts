// `npm run setup:env` (scripts/generate-env.mjs): the .env it writes is complete, its secrets are
// fresh and consistent (the keys verify with the secret), it never overwrites by accident, and
// the gateway's production config accepts what it generates (and still refuses the demo secret).
import t from 'tap'
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { jwtVerify } from 'jose'
import { ConfigError, loadConfig } from '../../src/config.js'
import { DEMO_JWT_SECRET } from '../../src/demo-secrets.js'
import { envExample, generateEnvScript, loadGenerateEnv, OPERATOR_VALUES, runProgram } from './helpers.js'

const gen = await loadGenerateEnv()
const exampleText = await readFile(envExample, 'utf8')
const exampleKeys = Object.keys(gen.parseEnv(exampleText))

async function tempDir(t: { teardown: (fn: () => unknown) => void }): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paraphe-env-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return dir
}

const secretKey = (secret: string) => new TextEncoder().encode(secret)

t.test('the generated .env has every variable of .env.example and fresh secrets', async (t) => {
  const dir = await tempDir(t)
  const output = path.join(dir, '.env')
  const now = new Date('2026-03-01T12:00:00Z')
  const result = gen.setupEnv({ output, now })
  t.equal(result.written, true)
  t.same(result.generated, ['POSTGRES_PASSWORD', 'JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'PG_META_CRYPTO_KEY'])
  t.equal(result.backup, null)

  const text = await readFile(output, 'utf8')
  const env = gen.parseEnv(text)
  t.same(Object.keys(env), exampleKeys, 'same variables, same order as the template')
  t.ok(text.includes('# OPERATOR IDENTITY'), 'comments are kept')
  t.equal((await stat(output)).mode & 0o777, 0o600, 'readable by its owner only')

  const secret = env.JWT_SECRET ?? ''
  t.ok(secret.length >= 40, `JWT secret has ${secret.length} characters`)
  t.match(secret, /^[A-Za-z0-9]+$/)
  t.match(env.POSTGRES_PASSWORD, /^[A-Za-z0-9]{32}$/, 'database password is URL-safe (it goes into connection URLs)')
  t.match(env.PG_META_CRYPTO_KEY, /^[A-Za-z0-9]{32}$/)
  t.not(env.POSTGRES_PASSWORD, env.PG_META_CRYPTO_KEY)
  t.not(secret, DEMO_JWT_SECRET)

  for (const [variable, role] of [
    ['ANON_KEY', 'anon'],
    ['SERVICE_ROLE_KEY', 'service_role']
  ] as const) {
    const { payload, protectedHeader } = await jwtVerify(env[variable] ?? '', secretKey(secret), {
      algorithms: ['HS256'],
      currentDate: now
    })
    t.equal(protectedHeader.alg, 'HS256')
    t.equal(payload.role, role, `${variable} carries role ${role}`)
    t.equal(payload.iss, 'supabase')
    t.equal(payload.iat, Math.floor(now.getTime() / 1000))
    t.equal(payload.exp, Math.floor(Date.parse('2036-03-01T12:00:00Z') / 1000), 'valid for 10 years')
    t.equal(payload.sub, undefined, 'not a user token')
  }
  await t.rejects(
    jwtVerify(env.ANON_KEY ?? '', secretKey('another-secret-of-at-least-32-characters!')),
    'a different secret does not verify'
  )

  t.same(
    result.stillEmpty,
    [
      'OPERATOR_NAME',
      'OPERATOR_LEGAL_FORM',
      'OPERATOR_ADDRESS',
      'OPERATOR_REGISTRATION',
      'OPERATOR_EMAIL',
      'OPERATOR_PHONE',
      'OPERATOR_PUBLICATION_DIRECTOR',
      'HOSTING_PROVIDER_NAME',
      'HOSTING_PROVIDER_ADDRESS',
      'SMTP_HOST',
      'SMTP_ADMIN_EMAIL'
    ],
    'reports what the operator still has to fill in'
  )

  const again = gen.setupEnv({ output: path.join(dir, 'second.env') })
  const second = gen.parseEnv(await readFile(again.output, 'utf8'))
  for (const key of Object.keys(gen.GENERATED)) t.not(second[key], env[key], `${key} differs between runs`)
})

t.test('an existing .env is never overwritten without --force', async (t) => {
  const dir = await tempDir(t)
  const output = path.join(dir, '.env')
  await writeFile(output, 'JWT_SECRET=mine\n')
  const refused = gen.setupEnv({ output })
  t.same(refused, { written: false, output })
  t.equal(await readFile(output, 'utf8'), 'JWT_SECRET=mine\n')

  // The command line, as `npm run setup:env` runs it: twice without --force changes nothing.
  const cli = await runProgram(process.execPath, [generateEnvScript, '--output', output], { cwd: dir })
  t.equal(cli.code, 1)
  t.match(cli.stdout, /already exists: nothing changed\. Use --force/)
  t.equal(await readFile(output, 'utf8'), 'JWT_SECRET=mine\n')

  const forced = await runProgram(process.execPath, [generateEnvScript, '--output', output, '--force'], { cwd: dir })
  t.equal(forced.code, 0, forced.stderr)
  t.match(forced.stdout, /Kept the previous file as \.env\.backup-\d{8}T\d{6}/)
  t.match(forced.stdout, /Wrote \.env/)
  const files = await readdir(dir)
  const backup = files.find((name) => name.startsWith('.env.backup-'))
  t.ok(backup, 'the old file is kept')
  t.equal(await readFile(path.join(dir, backup ?? ''), 'utf8'), 'JWT_SECRET=mine\n')
  t.equal((await stat(path.join(dir, backup ?? ''))).mode & 0o777, 0o600)
  t.not(gen.parseEnv(await readFile(output, 'utf8')).JWT_SECRET, 'mine')
})

t.test('the command line prints what it did, never a secret', async (t) => {
  const dir = await tempDir(t)
  const output = path.join(dir, 'fresh.env')
  const lines: string[] = []
  t.equal(
    gen.main(['--output', output], (line) => lines.push(line)),
    0
  )
  const printed = lines.join('\n')
  const env = gen.parseEnv(await readFile(output, 'utf8'))
  for (const key of Object.keys(gen.GENERATED)) {
    t.match(printed, `generated ${key}`)
    t.notOk(printed.includes(env[key] ?? '<none>'), `${key} is not printed`)
  }
  t.match(printed, /Still to fill in before `docker compose up`: OPERATOR_NAME/)

  const help: string[] = []
  t.equal(
    gen.main(['--help'], (line) => help.push(line)),
    0
  )
  t.match(help.join('\n'), /Usage: node scripts\/generate-env\.mjs/)
  const bad: string[] = []
  t.equal(
    gen.main(['--unknown'], (line) => bad.push(line)),
    2
  )
  t.match(bad.join('\n'), /Unknown option '--unknown'[\s\S]*Usage:/)
})

t.test('--dev prepares a local stack with the mail catcher', async (t) => {
  const dir = await tempDir(t)
  const output = path.join(dir, '.env')
  const lines: string[] = []
  t.equal(
    gen.main(['--output', output, '--dev'], (line) => lines.push(line)),
    0
  )
  t.match(lines.join('\n'), /development values: SITE_ADDRESS, PUBLIC_URL/)
  t.notMatch(lines.join('\n'), /Still to fill in/, 'nothing left to fill in')
  const env = gen.parseEnv(await readFile(output, 'utf8'))
  t.equal(env.SITE_ADDRESS, 'http://localhost')
  t.equal(env.PUBLIC_URL, 'http://localhost')
  t.equal(env.SMTP_HOST, 'mail')
  t.equal(env.SMTP_PORT, '2500')
  t.equal(env.OPERATOR_ADDRESS, '1 rue de l’Exemple, 75001 Paris (exemple)', 'values with spaces are quoted, then read back whole')
  t.match(await readFile(output, 'utf8'), /^OPERATOR_ADDRESS="1 rue de l’Exemple, 75001 Paris \(exemple\)"$/m)
})

t.test('the gateway in production accepts the generated secrets and refuses the demo one', async (t) => {
  const secrets = gen.generateSecrets()
  const production = {
    ...OPERATOR_VALUES,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    AUTH_UPSTREAM_URL: 'http://auth:9999',
    SUPABASE_ANON_KEY: secrets.ANON_KEY,
    SUPABASE_JWT_SECRET: secrets.JWT_SECRET
  }
  const config = loadConfig(production)
  t.equal(config.production, true)
  t.equal(config.auth?.jwtSecret, secrets.JWT_SECRET)
  t.equal(config.runtime.supabaseAnonKey, secrets.ANON_KEY)

  const error = t.throws(() => loadConfig({ ...production, SUPABASE_JWT_SECRET: DEMO_JWT_SECRET })) as unknown
  t.ok(error instanceof ConfigError)
  t.match((error as ConfigError).problems.join('\n'), /SUPABASE_JWT_SECRET: this is the public demo secret/)

  // A key issued like Supabase's demo ones (iss supabase-demo) is refused too, even when it is
  // signed with our own secret; ours say iss "supabase".
  const demoLike = gen.signHs256({ role: 'anon', iss: 'supabase-demo', iat: 1, exp: 2_000_000_000 }, secrets.JWT_SECRET ?? '')
  t.throws(() => loadConfig({ ...production, SUPABASE_ANON_KEY: demoLike }), { message: /SUPABASE_ANON_KEY: this is a public demo key/ })
})

t.test('template helpers', async (t) => {
  t.same(
    gen.parseEnv(
      ['# comment', '', 'A=1', 'export B = two words # note', "C='single # kept'", 'D="say \\"hi\\""', 'not an assignment'].join('\n')
    ),
    { A: '1', B: 'two words', C: 'single # kept', D: 'say "hi"' }
  )
  t.equal(gen.fillTemplate('# A=commented\nA=\nB=keep\n', { A: 'x y' }), '# A=commented\nA="x y"\nB=keep\n')
  t.equal(gen.parseEnv(gen.fillTemplate('Q=\n', { Q: 'with "quotes"' })).Q, 'with "quotes"')
  t.throws(() => gen.fillTemplate('A=\n', { UNDOCUMENTED: '1' }), { message: 'not in the template: UNDOCUMENTED' })
  t.match(gen.randomString(20, 'ab'), /^[ab]{20}$/)
  t.equal(gen.randomString(0), '')
  t.equal(gen.DEFAULT_TEMPLATE, envExample)
  t.equal(path.basename(gen.DEFAULT_OUTPUT), '.env')
})
