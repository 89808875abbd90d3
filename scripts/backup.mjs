// `npm run backup`: builds what is missing, then runs gateway/src/commands/backup-command.ts (see there).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ensureBuild, ensureDependencies, root } from './lib/tasks.mjs'

ensureDependencies()
ensureBuild()
const result = spawnSync(process.execPath, [path.join(root, 'gateway/dist/commands/backup-command.js'), ...process.argv.slice(2)], {
  stdio: 'inherit'
})
process.exit(result.status ?? 1)
