// `npm start`: installs and builds what is missing, then runs the gateway on the embedded default.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ensureBuild, ensureDependencies, root } from './lib/tasks.mjs'

ensureDependencies()
ensureBuild()
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'gateway/dist/server.js')], {
  stdio: 'inherit',
  cwd: root
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 0 : 1)))
