// `npm run migrate`: builds what is missing, then applies the SQL migrations to DATABASE_URL (or
// the embedded PGlite under DATA_DIR).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ensureBuild, ensureDependencies, root } from './lib/tasks.mjs'

ensureDependencies()
ensureBuild()
const result = spawnSync(process.execPath, [path.join(root, 'gateway/dist/commands/migrate-command.js')], { stdio: 'inherit', cwd: root })
process.exit(result.status ?? 1)
