// Run by the build: archives a freshly initialised PGlite cluster (db/pglite-template.ts) so that
// the first start of the embedded default, and every in-memory database of the tests, skip initdb.
import { ensureMigratedPgliteTemplate } from '../db/pglite-migrated-template.js'
import { ensurePgliteTemplate } from '../db/pglite-template.js'
import { runCommand } from './run-command.js'

await runCommand(async () => {
  const { dir, created } = await ensurePgliteTemplate()
  if (created) console.log(`PGlite template written: ${dir}`)
  // The first start of the embedded default copies this one: no migration to apply.
  const migrated = await ensureMigratedPgliteTemplate()
  if (migrated.created) console.log(`PGlite template with the migrations written: ${migrated.dir}`)
  return 0
})
