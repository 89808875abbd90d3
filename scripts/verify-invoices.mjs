// `npm run verify-invoices`: builds what is missing, then recomputes the invoices' SHA-256 chains
// in DATABASE_URL (or the embedded PGlite under DATA_DIR); arguments go to the command.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ensureBuild, ensureDependencies, root } from './lib/tasks.mjs'

ensureDependencies()
ensureBuild()
const result = spawnSync(
  process.execPath,
  [path.join(root, 'gateway/dist/commands/verify-invoices-command.js'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root }
)
process.exit(result.status ?? 1)
