// `npm start`: installs and builds what is missing, then runs the gateway on the embedded default
// (PGlite and the embedded accounts). The address is printed once the port answers, not before.
import { spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { ensureBuild, ensureDependencies, root } from './lib/tasks.mjs'

ensureDependencies()
ensureBuild()
const host = process.env.HOST || '127.0.0.1'
const port = process.env.PORT || '3000'
const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
const origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'gateway/dist/server.js')], {
  stdio: 'inherit',
  cwd: root
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 0 : 1)))

/** Whether the gateway answers /healthz (it listens only after migrations and the site load). */
function answers() {
  return new Promise((resolve) => {
    const request = http.get(`${origin}/healthz`, { timeout: 2000 }, (response) => {
      response.resume()
      resolve(response.statusCode === 200)
    })
    request.on('error', () => resolve(false))
    request.on('timeout', () => request.destroy())
  })
}

const loopback = ['127.0.0.1', 'localhost', '::1'].includes(host)
const development = (process.env.NODE_ENV || 'development') === 'development'
const smtp = Boolean(process.env.SMTP_URL || process.env.SMTP_HOST)
const embeddedAccounts = !process.env.AUTH_UPSTREAM_URL

while (child.exitCode === null && !(await answers())) await new Promise((resolve) => setTimeout(resolve, 150))
if (child.exitCode === null) {
  const lines = [`› Paraphe is ready on ${origin}/ (Ctrl+C to stop; data in ${process.env.DATA_DIR || '.data/'})`]
  if (embeddedAccounts)
    lines.push(
      `› Accounts: built in (sign up at ${origin}/inscription)${process.env.AUTH_AUTOCONFIRM === 'true' ? ', addresses confirmed automatically' : ''}`
    )
  if (development && !smtp && loopback) lines.push(`› E-mails (no SMTP configured): the local mailbox at ${origin}/dev/boite-mail`)
  console.log(lines.join('\n'))
}
