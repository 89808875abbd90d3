// One schema for the whole configuration: environment variables in, a typed config out.
// Every problem is reported at once, before the server listens.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { APP_SHELL } from '@paraphe/shared/build-manifest'
import { BILLING_INTERVALS, PAID_PLAN_IDS, type BillingInterval, type PaidPlanId } from '@paraphe/shared/plans'
import type { OperatorIdentity, RuntimeConfig } from '@paraphe/shared/runtime-config'
import type { AccountSettings } from './accounts/account-service.js'
import { demoSecretProblems } from './demo-secrets.js'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const DEFAULT_SITE_DIR = path.join(repoRoot, 'web/dist/client')
export const DEFAULT_DATA_DIR = path.join(repoRoot, '.data')

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
const logLevelSchema = (defaultValue: LogLevel) =>
  Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: defaultValue }
  )
const OptionalText = Type.Optional(Type.String({ minLength: 1, maxLength: 300 }))

/** STRIPE_PRICE_PRO_MONTH…: one setting per paid plan of the plans table and per interval. */
type StripePriceVariable = `STRIPE_PRICE_${Uppercase<PaidPlanId>}_${Uppercase<BillingInterval>}`

function stripePriceVariable(id: PaidPlanId, interval: BillingInterval): StripePriceVariable {
  return `STRIPE_PRICE_${id.toUpperCase()}_${interval.toUpperCase()}` as StripePriceVariable
}

function stripePriceVariables() {
  const schema = Type.Optional(Type.String({ pattern: '^price_[A-Za-z0-9_]+$' }))
  const entries = PAID_PLAN_IDS.flatMap((id) => BILLING_INTERVALS.map((interval) => [stripePriceVariable(id, interval), schema] as const))
  return Object.fromEntries(entries) as Record<StripePriceVariable, typeof schema>
}

export const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development'
  }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  LOG_LEVEL: logLevelSchema('info'),
  /** Log level of page and asset requests; Caddy keeps the access log in production. */
  STATIC_LOG_LEVEL: logLevelSchema('warn'),
  PUBLIC_URL: Type.String({ minLength: 1, default: 'http://127.0.0.1:3000' }),
  /**
   * The proxy hops whose X-Forwarded-For is believed (`loopback`, IPs or CIDRs). Unset = none:
   * the client IP is the connection's, so a local process cannot claim another address.
   */
  TRUST_PROXY: Type.Optional(Type.String({ minLength: 1 })),
  SITE_DIR: Type.String({ minLength: 1, default: DEFAULT_SITE_DIR }),
  SITE_NAME: Type.String({ minLength: 1, maxLength: 60, default: 'Paraphe' }),
  /**
   * Where Supabase Auth (GoTrue) answers: `http://auth:9999` for GoTrue reached directly, or a
   * URL that serves the auth API under /auth/v1 (`https://<ref>.supabase.co`, Kong).
   */
  AUTH_UPSTREAM_URL: Type.Optional(Type.String({ minLength: 1 })),
  SUPABASE_ANON_KEY: Type.Optional(Type.String({ minLength: 20 })),
  /** Verifies access tokens signed with HS256; asymmetric keys come from the JWKS endpoint. */
  SUPABASE_JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  AUTH_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  /**
   * Embedded accounts (AUTH_UPSTREAM_URL unset): sign-up signs in at once, without confirming the
   * address. For demos; off by default.
   */
  AUTH_AUTOCONFIRM: Type.Boolean({ default: false }),
  /** Requests per client IP and per minute on signup, token, recover, otp, resend and verify. */
  AUTH_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 10_000, default: 30 }),
  /** PostgreSQL server (Supabase's db in compose); unset = embedded PGlite under DATA_DIR. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  /** Embedded database and generated keys. */
  DATA_DIR: Type.String({ minLength: 1, default: DEFAULT_DATA_DIR }),
  /**
   * The AES-256 key (32 bytes in base64, `openssl rand -base64 32`) that seals the secrets users
   * give us (their plateforme agréée's client secret or API key). Unset: generated once into
   * DATA_DIR/secrets/key. Gateways sharing one database must share it.
   */
  SECRETS_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9+/]{43}=$' })),
  /** Outgoing mail: either SMTP_URL, or SMTP_HOST with its port and login (no URL-encoding needed). */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  SMTP_HOST: Type.Optional(Type.String({ minLength: 1 })),
  SMTP_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 587 }),
  SMTP_USER: Type.Optional(Type.String({ minLength: 1 })),
  SMTP_PASS: Type.Optional(Type.String({ minLength: 1 })),
  /** Sender address and name of every e-mail. */
  SMTP_ADMIN_EMAIL: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' })),
  SMTP_SENDER_NAME: Type.String({ minLength: 1, maxLength: 80, default: 'Paraphe' }),
  /**
   * The SPF include of the SMTP service (`_spf.example-relay.net`), shown to companies that send
   * from their own address; unset: no SPF record is asked (DKIM alone aligns their From).
   */
  SENDER_SPF_INCLUDE: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._-]+\\.[A-Za-z]{2,}$', maxLength: 200 })),
  /** Resolvers that check the companies' DNS records (`1.1.1.1,9.9.9.9:53`); unset: the system's. */
  DNS_SERVERS: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F.:\\[\\]]+(,[0-9a-fA-F.:\\[\\]]+)*$', maxLength: 300 })),
  /** Contact-form messages per client IP and per hour. */
  CONTACT_RATE_LIMIT_PER_HOUR: Type.Integer({ minimum: 1, maximum: 10_000, default: 5 }),
  /** Requests per API key and per minute on /api/v1 (counted in the database, shared by the gateways). */
  API_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 100 }),
  /**
   * The certificate that seals signed PDFs (PKCS#12, .p12/.pfx): a path when the value starts
   * with `/` or `./` (relative to the working directory; e.g. a Docker secret), otherwise the
   * file in base64 (for platforms with environment variables only). Unset = a self-signed
   * certificate generated on first start and kept under DATA_DIR/signing.
   */
  SIGNING_P12: Type.Optional(Type.String({ minLength: 1 })),
  /** The file's passphrase, taken verbatim (spaces included). */
  SIGNING_P12_PASSPHRASE: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * RFC 3161 timestamping authority: every seal then carries its timestamp (PAdES B-T). Unset:
   * the seal's time is the server's clock (PAdES B-B).
   */
  TSA_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  /** The State's company search, which fills the profile from a SIRET (its `/search?q=`). */
  COMPANY_SEARCH_URL: Type.String({ pattern: '^https?://[^\\s]+$', default: 'https://recherche-entreprises.api.gouv.fr' }),
  /** How long the profile waits for it before saying it does not answer. */
  COMPANY_SEARCH_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5_000 }),
  BUILD_POLL_INTERVAL_MS: Type.Integer({ minimum: 100, default: APP_SHELL.defaultBuildPollIntervalMs }),
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 10_000 }),
  /** How often expiry, reminders and seal repair run (every gateway; each due quote is handled once). */
  JOBS_INTERVAL_MS: Type.Integer({ minimum: 1_000, maximum: 3_600_000, default: 300_000 }),
  /**
   * How long a claimed e-mail is kept from other gateways: after a crash between claim and send it
   * goes out once the lease ends. Keep it above the longest SMTP exchange (default 5 minutes).
   */
  OUTBOX_LEASE_MS: Type.Integer({ minimum: 5_000, maximum: 3_600_000, default: 300_000 }),
  OPERATOR_NAME: OptionalText,
  OPERATOR_LEGAL_FORM: OptionalText,
  OPERATOR_ADDRESS: OptionalText,
  OPERATOR_REGISTRATION: OptionalText,
  OPERATOR_EMAIL: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' })),
  OPERATOR_PHONE: OptionalText,
  OPERATOR_PUBLICATION_DIRECTOR: OptionalText,
  HOSTING_PROVIDER_NAME: OptionalText,
  HOSTING_PROVIDER_ADDRESS: OptionalText,
  /** Stripe (paid plans): all six set = online payment on; none = off (the embedded default). */
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ pattern: '^(sk|rk)_(test|live)_[A-Za-z0-9_]+$' })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ pattern: '^whsec_[A-Za-z0-9_]+$' })),
  /** Card payments of invoices on the professionals' own Stripe accounts: the Connect endpoint's signing secret. */
  STRIPE_CONNECT_WEBHOOK_SECRET: Type.Optional(Type.String({ pattern: '^whsec_[A-Za-z0-9_]+$' })),
  ...stripePriceVariables()
})
export type Env = Static<typeof EnvSchema>

/** Operator identity fields, the variable each comes from, and the example used in development. */
const OPERATOR_FIELDS: ReadonlyArray<[keyof OperatorIdentity, keyof Env, string]> = [
  ['name', 'OPERATOR_NAME', 'Exploitant non configuré (exemple)'],
  ['legalForm', 'OPERATOR_LEGAL_FORM', 'SAS au capital de 1 000 € (exemple)'],
  ['address', 'OPERATOR_ADDRESS', '1 rue de l’Exemple, 75001 Paris (exemple)'],
  ['registration', 'OPERATOR_REGISTRATION', 'RCS Paris 000 000 000 (exemple)'],
  ['email', 'OPERATOR_EMAIL', 'contact@example.com'],
  ['phone', 'OPERATOR_PHONE', '01 23 45 67 89 (exemple)'],
  ['publicationDirector', 'OPERATOR_PUBLICATION_DIRECTOR', 'Prénom Nom (exemple)'],
  ['hostName', 'HOSTING_PROVIDER_NAME', 'Hébergeur non configuré (exemple)'],
  ['hostAddress', 'HOSTING_PROVIDER_ADDRESS', 'Adresse de l’hébergeur (exemple)']
]

export interface AuthConfig {
  /** Base URL the proxy appends the path after /auth/v1 to. */
  upstream: URL
  jwtSecret: string | null
  /** The key set of the auth server, for asymmetric tokens. */
  jwksUrl: URL
  timeoutMs: number
  rateLimitPerMinute: number
}

/** The gateway's own accounts (src/accounts), used when AUTH_UPSTREAM_URL is unset. */
export interface EmbeddedAccountsConfig {
  autoconfirm: boolean
  rateLimitPerMinute: number
  /** Timings tests shorten (token lifetimes, intervals); production uses the defaults. */
  overrides: Partial<Omit<AccountSettings, 'autoconfirm' | 'issuer'>>
}

export interface DatabaseConfig {
  /** null = PGlite under dataDir. */
  url: string | null
  poolSize: number
  dataDir: string
}

export interface MailConfig {
  /** null = no SMTP: messages stay queued and their content is logged. */
  transport: { host: string; port: number; secure: boolean; user: string | null; pass: string | null } | null
  from: { address: string; name: string }
  /** SENDER_SPF_INCLUDE; null = none. */
  senderSpfInclude: string | null
  /** DNS_SERVERS; null = the system's resolvers. */
  dnsServers: string[] | null
}

export interface SigningConfig {
  /** The PKCS#12 file's bytes; null = the self-signed certificate kept under dataDir. */
  p12: Buffer | null
  /** null = none (a file without a passphrase is accepted, see signingConfig). */
  passphrase: string | null
  /** RFC 3161 timestamping authority of the seals; null = none. */
  tsaUrl: string | null
}

export interface BillingConfig {
  secretKey: string
  webhookSecret: string
  /**
   * Signing secret of the Connect webhook endpoint (events of the professionals' accounts); null =
   * card payment of invoices off: no « Payer par carte », no Stripe connection in the settings.
   */
  connectWebhookSecret: string | null
  /** Stripe price id of each paid plan and interval. */
  prices: Record<PaidPlanId, Record<BillingInterval, string>>
}

/**
 * Who the instance is to the people it writes to: its name and public address, as e-mails,
 * links and the seal show them. Built once here; everyone reads config.site.
 */
export interface Site {
  siteName: string
  siteUrl: URL
  /** Invoices may be paid by card (Stripe Connect configured): their e-mails offer it when the company's account takes payments. */
  cardPayments?: boolean
}

export interface Config {
  env: Env['NODE_ENV']
  production: boolean
  host: string
  port: number
  logLevel: LogLevel
  staticLogLevel: LogLevel
  publicUrl: URL
  /** The site's name and public address (SITE_NAME, PUBLIC_URL) for e-mails and links. */
  site: Site
  /** false = no proxy trusted (the default). */
  trustProxy: string | false
  siteDir: string
  shutdownGraceMs: number
  /** Periodic jobs: quote jobs' interval and the outbox's lease. */
  jobs: { intervalMs: number; outboxLeaseMs: number }
  /** Supabase Auth (GoTrue) behind the proxy; null = the embedded accounts (`accounts`). */
  auth: AuthConfig | null
  /** The embedded accounts; null when `auth` is set. */
  accounts: EmbeddedAccountsConfig | null
  database: DatabaseConfig
  mail: MailConfig
  contactRateLimitPerHour: number
  /** Requests per API key and minute on the public API /api/v1. */
  apiRateLimitPerMinute: number
  signing: SigningConfig
  /** null = online payment not configured: plans are shown, checkout answers 503. */
  billing: BillingConfig | null
  /** The State's company search (COMPANY_SEARCH_URL) and how long to wait for it. */
  companySearch: { url: URL; timeoutMs: number }
  /** SECRETS_KEY's 32 bytes; null = the key generated under dataDir. */
  secretsKey: Buffer | null
  runtime: RuntimeConfig
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Validates the environment and builds the config; throws ConfigError listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv): Config {
  // Only our variables, and an empty value counts as unset (as in most .env tooling).
  const picked: Record<string, string> = {}
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = source[key]
    if (value !== undefined && value.trim() !== '') picked[key] = value.trim()
  }
  // Unset PUBLIC_URL: this server's own loopback address, with its port (links in e-mails).
  if (picked.PUBLIC_URL === undefined && picked.PORT !== undefined && /^\d+$/.test(picked.PORT) && picked.PORT !== '0') {
    picked.PUBLIC_URL = `http://127.0.0.1:${picked.PORT}`
  }
  const env = Value.Convert(EnvSchema, Value.Default(EnvSchema, picked))
  const problems = [...Value.Errors(EnvSchema, env)].map(
    (error) => `${error.path.slice(1)}: ${error.message} (got ${JSON.stringify(error.value)})`
  )
  if (problems.length > 0) throw new ConfigError(problems)
  const valid = env as Env
  const production = valid.NODE_ENV === 'production'

  let publicUrl: URL | null = null
  try {
    publicUrl = new URL(valid.PUBLIC_URL)
    if (publicUrl.protocol !== 'http:' && publicUrl.protocol !== 'https:') throw new Error('not http(s)')
  } catch {
    problems.push(`PUBLIC_URL: must be an http(s) URL such as https://devis.example.fr (got ${JSON.stringify(valid.PUBLIC_URL)})`)
  }
  if (!existsSync(path.join(valid.SITE_DIR, 'index.html')) || !existsSync(path.join(valid.SITE_DIR, '404.html'))) {
    problems.push(`SITE_DIR: ${valid.SITE_DIR} holds no built site (index.html and 404.html); run \`npm run build\``)
  }

  const operator = {} as OperatorIdentity
  for (const [field, variable, example] of OPERATOR_FIELDS) {
    const value = valid[variable]
    if (typeof value === 'string') operator[field] = value
    else if (production) problems.push(`${variable}: required in production (shown on /mentions-legales and /privacy)`)
    else operator[field] = example
  }
  if (production && publicUrl?.protocol === 'http:' && !['localhost', '127.0.0.1'].includes(publicUrl.hostname)) {
    problems.push('PUBLIC_URL: must use https in production')
  }
  const auth = authConfig(valid, problems)
  const mail = mailConfig(valid, problems, operator.email ?? '')
  const accounts: EmbeddedAccountsConfig | null =
    auth === null && valid.AUTH_UPSTREAM_URL === undefined
      ? { autoconfirm: valid.AUTH_AUTOCONFIRM, rateLimitPerMinute: valid.AUTH_RATE_LIMIT_PER_MINUTE, overrides: {} }
      : null
  if (accounts !== null && production) {
    // Confirmation and recovery links must reach people, and sessions must not travel in clear.
    if (mail.transport === null)
      problems.push(
        'SMTP_URL or SMTP_HOST: required in production for the embedded accounts (confirmation and password e-mails); or set AUTH_UPSTREAM_URL to use GoTrue'
      )
    if (publicUrl !== null && publicUrl.protocol !== 'https:')
      problems.push('PUBLIC_URL: must use https in production with the embedded accounts')
  }
  const signing: SigningConfig = { ...signingConfig(valid, source, problems), tsaUrl: valid.TSA_URL ?? null }
  const billing = billingConfig(valid, problems)
  if (production) problems.push(...demoSecretProblems(valid))
  if (problems.length > 0 || publicUrl === null) throw new ConfigError(problems)

  return {
    env: valid.NODE_ENV,
    production,
    host: valid.HOST,
    port: valid.PORT,
    logLevel: valid.LOG_LEVEL,
    staticLogLevel: valid.STATIC_LOG_LEVEL,
    publicUrl,
    site: { siteName: valid.SITE_NAME, siteUrl: publicUrl, cardPayments: billing?.connectWebhookSecret != null },
    trustProxy: valid.TRUST_PROXY ?? false,
    siteDir: valid.SITE_DIR,
    shutdownGraceMs: valid.SHUTDOWN_GRACE_MS,
    jobs: { intervalMs: valid.JOBS_INTERVAL_MS, outboxLeaseMs: valid.OUTBOX_LEASE_MS },
    auth,
    accounts,
    database: { url: valid.DATABASE_URL ?? null, poolSize: valid.DATABASE_POOL_SIZE, dataDir: path.resolve(valid.DATA_DIR) },
    mail,
    contactRateLimitPerHour: valid.CONTACT_RATE_LIMIT_PER_HOUR,
    apiRateLimitPerMinute: valid.API_RATE_LIMIT_PER_MINUTE,
    signing,
    billing,
    companySearch: { url: new URL(valid.COMPANY_SEARCH_URL), timeoutMs: valid.COMPANY_SEARCH_TIMEOUT_MS },
    secretsKey: valid.SECRETS_KEY === undefined ? null : Buffer.from(valid.SECRETS_KEY, 'base64'),
    runtime: {
      siteName: valid.SITE_NAME,
      operator,
      supabaseAnonKey: valid.SUPABASE_ANON_KEY ?? null,
      buildPollIntervalMs: valid.BUILD_POLL_INTERVAL_MS,
      paymentsEnabled: billing !== null,
      ownAccounts: accounts !== null
    }
  }
}

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  ...PAID_PLAN_IDS.flatMap((id) => BILLING_INTERVALS.map((interval) => stripePriceVariable(id, interval)))
] as const

/** The placeholders of Stripe's documentation, of .env.example and of the tests' stand-in: never real settings. */
const STRIPE_EXAMPLE_VALUE = /_(x{4,}|example|exemple|your|changeme|standin)/i

/**
 * All or nothing: a half-configured payment would take money without granting the plan (or the
 * reverse), so a partial set is a configuration error rather than a silent "off".
 */
function billingConfig(env: Env, problems: string[]): BillingConfig | null {
  const missing = STRIPE_VARIABLES.filter((name) => env[name] === undefined)
  if (missing.length === STRIPE_VARIABLES.length) {
    if (env.STRIPE_CONNECT_WEBHOOK_SECRET !== undefined)
      problems.push('STRIPE_CONNECT_WEBHOOK_SECRET: card payments need the other STRIPE_* variables')
    return null
  }
  if (missing.length > 0) {
    problems.push(`${missing.join(', ')}: required when another STRIPE_* variable is set (online payment needs all six)`)
    return null
  }
  const value = (name: (typeof STRIPE_VARIABLES)[number]) => env[name] as string
  if (env.NODE_ENV === 'production') {
    for (const name of STRIPE_VARIABLES) {
      if (STRIPE_EXAMPLE_VALUE.test(value(name))) problems.push(`${name}: this is an example value; copy yours from the Stripe dashboard`)
    }
    if (env.STRIPE_CONNECT_WEBHOOK_SECRET !== undefined) {
      if (STRIPE_EXAMPLE_VALUE.test(env.STRIPE_CONNECT_WEBHOOK_SECRET))
        problems.push('STRIPE_CONNECT_WEBHOOK_SECRET: this is an example value; copy yours from the Stripe dashboard')
      // Test-mode card payments would mark real invoices paid without any money moving.
      if (/^(sk|rk)_test_/.test(value('STRIPE_SECRET_KEY')))
        problems.push(
          'STRIPE_SECRET_KEY: a test key cannot take card payments in production (set a live key, or unset STRIPE_CONNECT_WEBHOOK_SECRET)'
        )
    }
  }
  return {
    secretKey: value('STRIPE_SECRET_KEY'),
    webhookSecret: value('STRIPE_WEBHOOK_SECRET'),
    connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
    prices: Object.fromEntries(
      PAID_PLAN_IDS.map((id) => [
        id,
        Object.fromEntries(BILLING_INTERVALS.map((interval) => [interval, value(stripePriceVariable(id, interval))]))
      ])
    ) as BillingConfig['prices']
  }
}

function authConfig(env: Env, problems: string[]): AuthConfig | null {
  if (env.AUTH_UPSTREAM_URL === undefined) {
    if (env.SUPABASE_ANON_KEY !== undefined) problems.push('AUTH_UPSTREAM_URL: required when SUPABASE_ANON_KEY is set')
    return null
  }
  let upstream: URL
  try {
    upstream = new URL(env.AUTH_UPSTREAM_URL)
    if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') throw new Error('not http(s)')
  } catch {
    problems.push(`AUTH_UPSTREAM_URL: must be an http(s) URL such as http://auth:9999 (got ${JSON.stringify(env.AUTH_UPSTREAM_URL)})`)
    return null
  }
  // A Supabase project URL serves the auth API under /auth/v1; GoTrue itself at its root.
  if (upstream.hostname.endsWith('.supabase.co') && (upstream.pathname === '/' || upstream.pathname === '')) {
    upstream.pathname = '/auth/v1'
  }
  // No trailing slash, so that `${upstream.href}/health` is the health endpoint.
  upstream.pathname = upstream.pathname.replace(/\/+$/, '')
  const base = upstream.href.replace(/\/+$/, '')
  if (env.SUPABASE_ANON_KEY === undefined) problems.push('SUPABASE_ANON_KEY: required when AUTH_UPSTREAM_URL is set (the browser needs it)')
  return {
    upstream: new URL(base),
    jwtSecret: env.SUPABASE_JWT_SECRET ?? null,
    jwksUrl: new URL(`${base}/.well-known/jwks.json`),
    timeoutMs: env.AUTH_TIMEOUT_MS,
    rateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE
  }
}

function mailConfig(env: Env, problems: string[], operatorEmail: string): MailConfig {
  const base = {
    from: { address: env.SMTP_ADMIN_EMAIL ?? operatorEmail, name: env.SMTP_SENDER_NAME },
    senderSpfInclude: env.SENDER_SPF_INCLUDE ?? null,
    dnsServers: env.DNS_SERVERS === undefined ? null : env.DNS_SERVERS.split(',')
  }
  if (env.SMTP_URL !== undefined) {
    if (env.SMTP_HOST !== undefined) problems.push('SMTP_URL: set either SMTP_URL or SMTP_HOST, not both')
    try {
      const url = new URL(env.SMTP_URL)
      const secure = url.protocol === 'smtps:'
      return {
        transport: {
          host: url.hostname,
          port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
          secure,
          user: url.username === '' ? null : decodeURIComponent(url.username),
          pass: url.password === '' ? null : decodeURIComponent(url.password)
        },
        ...base
      }
    } catch {
      problems.push('SMTP_URL: must look like smtp://user:password@host:587')
      return { transport: null, ...base }
    }
  }
  if (env.SMTP_HOST === undefined) return { transport: null, ...base }
  return {
    // Port 465 is implicit TLS; the others upgrade with STARTTLS when the server offers it.
    transport: {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_PORT === 465,
      user: env.SMTP_USER ?? null,
      pass: env.SMTP_PASS ?? null
    },
    ...base
  }
}

/**
 * Reads the seal certificate's file; whether the passphrase opens it is checked when the
 * certificate is loaded (src/seal/signing-certificate.ts). A file without a passphrase is
 * accepted, in production too: it sits next to the passphrase's variable anyway, and the
 * file's permissions (or the Docker secret) are what protects it.
 */
function signingConfig(env: Env, source: NodeJS.ProcessEnv, problems: string[]): Omit<SigningConfig, 'tsaUrl'> {
  // Verbatim, unlike the other variables: leading or trailing spaces can belong to a passphrase.
  const passphrase = env.SIGNING_P12_PASSPHRASE === undefined ? null : (source.SIGNING_P12_PASSPHRASE as string)
  const value = env.SIGNING_P12
  if (value === undefined) {
    if (passphrase !== null)
      problems.push('SIGNING_P12_PASSPHRASE: set, but SIGNING_P12 is not (the generated certificate needs no passphrase)')
    return { p12: null, passphrase: null }
  }
  let p12: Buffer
  if (value.startsWith('/') || value.startsWith('./')) {
    try {
      p12 = readFileSync(path.resolve(value))
    } catch (error) {
      problems.push(`SIGNING_P12: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
      return { p12: null, passphrase }
    }
  } else {
    const base64 = value.replace(/\s+/g, '')
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) {
      problems.push('SIGNING_P12: neither a path (starting with / or ./) nor base64 (`base64 -w0 seal.p12`)')
      return { p12: null, passphrase }
    }
    p12 = Buffer.from(base64, 'base64')
  }
  // A PKCS#12 file is one DER SEQUENCE: catches a PEM file or the wrong file early.
  if (p12[0] !== 0x30)
    problems.push(
      'SIGNING_P12: not a PKCS#12 file (.p12/.pfx, binary; a path starts with / or ./); convert a PEM one with `openssl pkcs12 -export`'
    )
  return { p12, passphrase }
}
