// `npm start`: installs and builds what is missing, then runs the gateway on the embedded default.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ensureBuild, ensureDependencies, root } from './lib/tasks.mjs'

ensureDependencies()
ensureBuild()
// The gateway's own log is JSON (or pino-pretty on a terminal): say plainly where the site is.
const host = process.env.HOST || '127.0.0.1'
const port = process.env.PORT || '3000'
console.log(`› Paraphe on http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/ (Ctrl+C to stop; data in ${process.env.DATA_DIR || '.data/'})`)
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'gateway/dist/server.js')], {
  stdio: 'inherit',
  cwd: root
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 0 : 1)))
