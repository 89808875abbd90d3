// `npm run move-to-postgres`: builds what is missing, then runs gateway/src/commands/move-to-postgres-command.ts (see there).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ensureBuild, ensureDependencies, root } from './lib/tasks.mjs'

ensureDependencies()
ensureBuild()
const result = spawnSync(
  process.execPath,
  [path.join(root, 'gateway/dist/commands/move-to-postgres-command.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' }
)
process.exit(result.status ?? 1)
