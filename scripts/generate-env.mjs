// `npm run setup:env`: creates .env for docker-compose.yml from .env.example, with fresh secrets.
// Plain Node (no dependencies): it runs before anything is installed.
//
//   npm run setup:env                 .env with new secrets; then edit the domain, identity, SMTP
//   npm run setup:env -- --dev        same, prepared for a local stack (http://localhost, mail catcher)
//   npm run setup:env -- --force      replace an existing .env (the old one is kept as a backup)
//   node scripts/generate-env.mjs --output PATH --template PATH
//
// Never prints a secret.
import { createHmac, randomInt } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const DEFAULT_TEMPLATE = path.join(root, '.env.example')
export const DEFAULT_OUTPUT = path.join(root, '.env')

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Lifetime of the anon and service_role keys (Supabase's own generator uses years too). */
export const KEY_LIFETIME_YEARS = 10

/** Variables this script generates, each with what it is (printed instead of the value). */
export const GENERATED = {
  POSTGRES_PASSWORD: 'database password, 32 letters and digits',
  JWT_SECRET: 'JWT secret, 64 letters and digits',
  ANON_KEY: 'anon key, HS256 JWT signed with JWT_SECRET',
  SERVICE_ROLE_KEY: 'service_role key, HS256 JWT signed with JWT_SECRET',
  PG_META_CRYPTO_KEY: 'postgres-meta encryption key, 32 letters and digits'
}

/** Values `--dev` writes: a local stack on http://localhost with the mail catcher. */
export const DEV_VALUES = {
  SITE_ADDRESS: 'http://localhost',
  PUBLIC_URL: 'http://localhost',
  ACME_EMAIL: 'admin@example.com',
  SMTP_HOST: 'mail',
  SMTP_PORT: '2500',
  SMTP_ADMIN_EMAIL: 'no-reply@example.com',
  OPERATOR_NAME: 'Exploitant non configuré (exemple)',
  OPERATOR_LEGAL_FORM: 'SAS au capital de 1 000 € (exemple)',
  OPERATOR_ADDRESS: '1 rue de l’Exemple, 75001 Paris (exemple)',
  OPERATOR_REGISTRATION: 'RCS Paris 000 000 000 (exemple)',
  OPERATOR_EMAIL: 'contact@example.com',
  OPERATOR_PHONE: '01 23 45 67 89 (exemple)',
  OPERATOR_PUBLICATION_DIRECTOR: 'Prénom Nom (exemple)',
  HOSTING_PROVIDER_NAME: 'Hébergeur non configuré (exemple)',
  HOSTING_PROVIDER_ADDRESS: 'Adresse de l’hébergeur (exemple)'
}

/** Variables that may stay empty (an SMTP server without login). */
const MAY_STAY_EMPTY = new Set([
  'SMTP_USER',
  'SMTP_PASS',
  'SIGNING_P12',
  'SIGNING_P12_PASSPHRASE',
  // Empty: seals without an RFC 3161 timestamp.
  'TSA_URL',
  // Empty: paid plans are shown but online payment is off.
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PRO_MONTH',
  'STRIPE_PRICE_PRO_YEAR',
  'STRIPE_PRICE_ENTREPRISE_MONTH',
  'STRIPE_PRICE_ENTREPRISE_YEAR',
  // Empty: invoices are paid by transfer only (no card payment on the professionals' accounts).
  'STRIPE_CONNECT_WEBHOOK_SECRET'
])

/** A random string drawn uniformly from `alphabet` (crypto.randomInt: no modulo bias). */
export function randomString(length, alphabet = ALPHANUMERIC) {
  let out = ''
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)]
  return out
}

const base64url = (value) => Buffer.from(value).toString('base64url')

/** A compact JWT signed with HMAC-SHA256. */
export function signHs256(payload, secret) {
  const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}

/** Supabase's two API keys for `jwtSecret`: `{ role, iss: 'supabase', iat, exp }`. */
export function supabaseKeys(jwtSecret, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000)
  const expiry = new Date(now.getTime())
  expiry.setUTCFullYear(expiry.getUTCFullYear() + KEY_LIFETIME_YEARS)
  const exp = Math.floor(expiry.getTime() / 1000)
  return {
    ANON_KEY: signHs256({ role: 'anon', iss: 'supabase', iat, exp }, jwtSecret),
    SERVICE_ROLE_KEY: signHs256({ role: 'service_role', iss: 'supabase', iat, exp }, jwtSecret)
  }
}

/** Every secret of the stack, fresh. */
export function generateSecrets(now = new Date()) {
  const JWT_SECRET = randomString(64)
  return {
    POSTGRES_PASSWORD: randomString(32),
    JWT_SECRET,
    ...supabaseKeys(JWT_SECRET, now),
    PG_META_CRYPTO_KEY: randomString(32)
  }
}

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/

/** Reads a .env text the way docker compose does for simple files (quotes removed). */
export function parseEnv(text) {
  const values = {}
  for (const line of text.split(/\r?\n/)) {
    const match = LINE.exec(line)
    if (match === null || line.trimStart().startsWith('#')) continue
    let value = match[2].trim()
    const quote = value[0]
    if (quote === '"' && value.length >= 2 && value.endsWith('"')) value = value.slice(1, -1).replace(/\\(["\\])/g, '$1')
    else if (quote === "'" && value.length >= 2 && value.endsWith("'")) value = value.slice(1, -1)
    else value = value.replace(/\s+#.*$/, '')
    values[match[1]] = value
  }
  return values
}

/** `KEY=value` with the value quoted when it holds spaces or quotes. */
function assignment(key, value) {
  return /[\s"'#]/.test(value) ? `${key}="${value.replace(/(["\\])/g, '\\$1')}"` : `${key}=${value}`
}

/**
 * The template with `values` put into its assignments (comments and order kept). Throws if a
 * value has no line in the template: the template is the documentation of every variable.
 */
export function fillTemplate(template, values) {
  const pending = new Set(Object.keys(values))
  const lines = template.split('\n').map((line) => {
    const match = LINE.exec(line)
    if (match === null || line.trimStart().startsWith('#') || !pending.has(match[1])) return line
    pending.delete(match[1])
    return assignment(match[1], values[match[1]])
  })
  if (pending.size > 0) throw new Error(`not in the template: ${[...pending].join(', ')}`)
  return lines.join('\n')
}

/**
 * Writes `output` from `template` with fresh secrets (and the development values with `dev`).
 * Refuses to replace an existing file unless `force`; then the old file is kept next to it.
 * Returns what happened, without any secret.
 */
export function setupEnv({ template = DEFAULT_TEMPLATE, output = DEFAULT_OUTPUT, force = false, dev = false, now = new Date() } = {}) {
  if (existsSync(output) && !force) return { written: false, output }
  let backup = null
  if (existsSync(output)) {
    backup = `${output}.backup-${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}`
    copyFileSync(output, backup)
    chmodSync(backup, 0o600)
  }
  const secrets = generateSecrets(now)
  const text = fillTemplate(readFileSync(template, 'utf8'), { ...(dev ? DEV_VALUES : {}), ...secrets })
  writeFileSync(output, text, { mode: 0o600 })
  chmodSync(output, 0o600)
  const values = parseEnv(text)
  const stillEmpty = Object.keys(values).filter((key) => values[key] === '' && !MAY_STAY_EMPTY.has(key))
  return { written: true, output, backup, generated: Object.keys(secrets), dev, stillEmpty }
}

const USAGE = `Usage: node scripts/generate-env.mjs [--dev] [--force] [--output PATH] [--template PATH]
  Creates .env (for docker compose) from .env.example with new secrets.
  --dev       values for a local stack: http://localhost, mail catcher, example operator identity
  --force     replace an existing file (the old one is kept as <file>.backup-<date>)
  --output    file to write (default: .env at the repository root)
  --template  template to read (default: .env.example at the repository root)`

/** The command line; returns the exit code. */
export function main(argv, log = console.log) {
  let args
  try {
    args = parseArgs({
      args: argv,
      options: {
        dev: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        output: { type: 'string', default: DEFAULT_OUTPUT },
        template: { type: 'string', default: DEFAULT_TEMPLATE },
        help: { type: 'boolean', short: 'h', default: false }
      }
    }).values
  } catch (error) {
    log(`${error.message}\n${USAGE}`)
    return 2
  }
  if (args.help) {
    log(USAGE)
    return 0
  }
  const output = path.resolve(args.output)
  const template = path.resolve(args.template)
  const result = setupEnv({ template, output, force: args.force, dev: args.dev })
  const shown = path.relative(process.cwd(), output)
  if (!result.written) {
    log(
      `✗ ${shown} already exists: nothing changed. Use --force to replace it (new secrets; an existing database keeps its old password, see deploy/OPERATIONS.md).`
    )
    return 1
  }
  if (result.backup !== null)
    log(`› Kept the previous file as ${path.relative(process.cwd(), result.backup)} (it holds secrets: keep it private)`)
  log(`✓ Wrote ${shown} (readable by you only) from ${path.relative(process.cwd(), template)}`)
  for (const key of result.generated) log(`  generated ${key}: ${GENERATED[key]}`)
  if (result.dev) log(`  development values: ${Object.keys(DEV_VALUES).join(', ')}`)
  if (result.stillEmpty.length > 0) log(`› Still to fill in before \`docker compose up\`: ${result.stillEmpty.join(', ')}`)
  log(
    '› Next: check the site address, operator identity and SMTP settings in the file, then `docker compose up -d` (deploy/OPERATIONS.md).'
  )
  return 0
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2))
}
