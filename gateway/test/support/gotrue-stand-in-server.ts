// The GoTrue stand-in as a process of its own, configured as GoTrue is, by its environment
// (GOTRUE_JWT_SECRET, GOTRUE_API_HOST/PORT, API_EXTERNAL_URL, GOTRUE_SITE_URL,
// GOTRUE_URI_ALLOW_LIST, GOTRUE_MAILER_AUTOCONFIRM, GOTRUE_PASSWORD_MIN_LENGTH). Two uses, both
// test-only: the auth upstream a test kills and starts again, and the substitute for the
// supabase/gotrue image in the compose test (no image registry can be reached here). Accounts
// live in its memory: a restart forgets them (GoTrue keeps them in PostgreSQL).
import { GoTrueStandIn } from './gotrue-stand-in.js'

const env = process.env
const secret = env.GOTRUE_JWT_SECRET ?? ''
const standIn = new GoTrueStandIn({
  jwtSecret: secret,
  ...(env.API_EXTERNAL_URL ? { externalUrl: env.API_EXTERNAL_URL } : {}),
  ...(env.GOTRUE_SITE_URL ? { siteUrl: env.GOTRUE_SITE_URL } : {}),
  uriAllowList: (env.GOTRUE_URI_ALLOW_LIST ?? '').split(',').filter(Boolean),
  autoconfirm: env.GOTRUE_MAILER_AUTOCONFIRM === 'true',
  minPasswordLength: Number(env.GOTRUE_PASSWORD_MIN_LENGTH ?? 12)
})
await standIn.listen({ host: env.GOTRUE_API_HOST ?? '127.0.0.1', port: Number(env.GOTRUE_API_PORT ?? 0) })
// One JSON line, as GoTrue logs: the test that started it reads the address from it.
process.stdout.write(`${JSON.stringify({ msg: 'GoTrue API started', url: standIn.url })}\n`)
const stop = () => void standIn.close().then(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
