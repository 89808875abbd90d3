import t from 'tap'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEFAULT_SITE_DIR, EnvSchema, loadConfig } from '../src/config.js'
import { problemsOf } from './support/config-problems.js'

const productionEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://devis.example.fr',
  OPERATOR_NAME: 'Atelier Durand SAS',
  OPERATOR_LEGAL_FORM: 'SAS au capital de 5 000 €',
  OPERATOR_ADDRESS: '12 rue des Lilas, 69003 Lyon',
  OPERATOR_REGISTRATION: 'RCS Lyon 123 456 789',
  OPERATOR_EMAIL: 'contact@atelier-durand.fr',
  OPERATOR_PHONE: '04 72 00 00 00',
  OPERATOR_PUBLICATION_DIRECTOR: 'Claire Durand',
  HOSTING_PROVIDER_NAME: 'Hébergeur SAS',
  HOSTING_PROVIDER_ADDRESS: '2 rue du Serveur, 59100 Roubaix',
  SMTP_URL: 'smtp://mailer.example.fr:587'
}

t.test('defaults run the site on 127.0.0.1:3000 from the build, with example operator data', async (t) => {
  const config = loadConfig({})
  t.equal(config.host, '127.0.0.1')
  t.equal(config.port, 3000)
  t.equal(config.siteDir, DEFAULT_SITE_DIR)
  t.equal(config.runtime.siteName, 'Paraphe')
  t.equal(config.runtime.buildPollIntervalMs, 3_600_000)
  t.match(config.runtime.operator.name, /exemple/)
  t.equal(config.production, false)
})

t.test('values are converted, trimmed, and empty ones count as unset', async (t) => {
  const config = loadConfig({ PORT: ' 8080 ', SITE_NAME: 'Devis Express', HOST: '', BUILD_POLL_INTERVAL_MS: '500' })
  t.equal(config.port, 8080)
  t.equal(config.host, '127.0.0.1')
  t.equal(config.runtime.siteName, 'Devis Express')
  t.equal(config.runtime.buildPollIntervalMs, 500)
})

t.test('every problem is reported at once, naming the variable and the value', async (t) => {
  const problems = problemsOf({ PORT: 'abc', LOG_LEVEL: 'loud', PUBLIC_URL: 'ftp://x', OPERATOR_EMAIL: 'pas-un-email' })
  t.ok(
    problems.some((problem) => problem.startsWith('PORT:') && problem.includes('"abc"')),
    'PORT'
  )
  t.ok(
    problems.some((problem) => problem.startsWith('LOG_LEVEL:')),
    'LOG_LEVEL'
  )
  t.ok(
    problems.some((problem) => problem.startsWith('OPERATOR_EMAIL:')),
    'OPERATOR_EMAIL'
  )
  const second = problemsOf({ PUBLIC_URL: 'ftp://x' })
  t.match(second.join('\n'), /PUBLIC_URL: must be an http\(s\) URL/)
  t.match(problemsOf({ PUBLIC_URL: 'pas une url' }).join('\n'), /PUBLIC_URL/)
  t.match(problemsOf({ PORT: '70000' }).join('\n'), /PORT/)
})

t.test('the error message lists the problems for the operator', async (t) => {
  t.throws(() => loadConfig({ PORT: '-1' }), { name: 'ConfigError', message: /Invalid configuration:\n {2}- PORT/ })
})

t.test('a folder without a build is refused with the command that makes one', async (t) => {
  const empty = mkdtempSync(path.join(tmpdir(), 'paraphe-empty-'))
  t.match(problemsOf({ SITE_DIR: empty }).join('\n'), /SITE_DIR: .* holds no built site .*npm run build/)
})

t.test('production needs the operator identity and https', async (t) => {
  const problems = problemsOf({ NODE_ENV: 'production', PUBLIC_URL: 'http://devis.example.fr' })
  for (const variable of [
    'OPERATOR_NAME',
    'OPERATOR_ADDRESS',
    'OPERATOR_EMAIL',
    'OPERATOR_PUBLICATION_DIRECTOR',
    'HOSTING_PROVIDER_NAME'
  ]) {
    t.ok(
      problems.some((problem) => problem.startsWith(`${variable}: required in production`)),
      variable
    )
  }
  t.ok(problems.includes('PUBLIC_URL: must use https in production'))
  const config = loadConfig(productionEnv)
  t.equal(config.production, true)
  t.equal(config.runtime.operator.name, 'Atelier Durand SAS')
  t.equal(config.publicUrl.href, 'https://devis.example.fr/')
})

t.test('every setting the gateway reads is documented in the README’s configuration table', async (t) => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const tableRows = readme.split('\n').filter((line) => line.startsWith('| `'))
  for (const name of Object.keys(EnvSchema.properties)) {
    t.ok(
      tableRows.some((row) => row.split('|')[1]?.includes(`\`${name}\``)),
      name
    )
  }
})

t.test('embedded accounts: on without AUTH_UPSTREAM_URL; production needs SMTP and https', async (t) => {
  const config = loadConfig({})
  t.equal(config.auth, null)
  t.match(config.accounts, { autoconfirm: false, rateLimitPerMinute: 30 })
  t.match(loadConfig({ AUTH_AUTOCONFIRM: 'true' }).accounts, { autoconfirm: true })
  const { SMTP_URL: _smtp, ...withoutSmtp } = productionEnv
  t.ok(
    problemsOf(withoutSmtp).some((problem) =>
      problem.startsWith('SMTP_URL or SMTP_HOST: required in production for the embedded accounts')
    ),
    'production without SMTP is refused'
  )
  t.ok(
    problemsOf({ ...productionEnv, PUBLIC_URL: 'http://127.0.0.1:3000' }).includes(
      'PUBLIC_URL: must use https in production with the embedded accounts'
    ),
    'production over http is refused, even on loopback'
  )
  t.equal(loadConfig(productionEnv).accounts?.autoconfirm, false)
})

t.test('the auth upstream, the SMTP address and the seal certificate: each mistake named', async (t) => {
  // An example anon key (a public value in Supabase, checked only for its length here).
  const ANON = 'example-anon-key-0123456789'
  t.ok(problemsOf({ SUPABASE_ANON_KEY: ANON }).includes('AUTH_UPSTREAM_URL: required when SUPABASE_ANON_KEY is set'))
  t.match(problemsOf({ AUTH_UPSTREAM_URL: 'ftp://auth', SUPABASE_ANON_KEY: ANON }), [
    /^AUTH_UPSTREAM_URL: must be an http\(s\) URL such as http:\/\/auth:9999 \(got "ftp:\/\/auth"\)$/
  ])
  t.ok(
    problemsOf({ AUTH_UPSTREAM_URL: 'http://auth:9999' }).includes(
      'SUPABASE_ANON_KEY: required when AUTH_UPSTREAM_URL is set (the browser needs it)'
    )
  )
  // A Supabase project's URL serves the auth API under /auth/v1; GoTrue itself at its root.
  t.equal(
    loadConfig({ AUTH_UPSTREAM_URL: 'https://abcd.supabase.co/', SUPABASE_ANON_KEY: ANON }).auth?.upstream.href,
    'https://abcd.supabase.co/auth/v1'
  )
  t.equal(
    loadConfig({ AUTH_UPSTREAM_URL: 'http://auth:9999/', SUPABASE_ANON_KEY: ANON }).auth?.jwksUrl.href,
    'http://auth:9999/.well-known/jwks.json'
  )

  t.ok(problemsOf({ SMTP_URL: 'smtp://mail:587', SMTP_HOST: 'mail' }).includes('SMTP_URL: set either SMTP_URL or SMTP_HOST, not both'))
  t.ok(problemsOf({ SMTP_URL: 'smtp://[mal formée' }).includes('SMTP_URL: must look like smtp://user:password@host:587'))
  t.match(
    loadConfig({ SMTP_URL: 'smtps://compte%40site:mot%20de%20passe@mail.example.fr' }).mail.transport,
    { host: 'mail.example.fr', port: 465, secure: true, user: 'compte@site', pass: 'mot de passe' },
    'smtps: implicit TLS on 465, the login decoded'
  )
  t.match(loadConfig({ SMTP_URL: 'smtp://mail.example.fr' }).mail.transport, { port: 587, secure: false, user: null, pass: null })
  t.match(loadConfig({ SMTP_HOST: 'mail.example.fr', SMTP_PORT: '465' }).mail.transport, {
    host: 'mail.example.fr',
    port: 465,
    secure: true
  })

  t.ok(
    problemsOf({ SIGNING_P12_PASSPHRASE: 'secret' }).includes(
      'SIGNING_P12_PASSPHRASE: set, but SIGNING_P12 is not (the generated certificate needs no passphrase)'
    )
  )
  t.match(problemsOf({ SIGNING_P12: '/nowhere/seal.p12' }), [/^SIGNING_P12: cannot read \/nowhere\/seal\.p12 \(ENOENT\)$/])
})
