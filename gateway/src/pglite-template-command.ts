// Run by the build: archives a freshly initialised PGlite cluster (db/pglite-template.ts) so that
// the first start of the embedded default, and every in-memory database of the tests, skip initdb.
import { ensurePgliteTemplate } from './db/pglite-template.js'
import { runCommand } from './run-command.js'

await runCommand(async () => {
  const { dir, created } = await ensurePgliteTemplate()
  if (created) console.log(`PGlite template written: ${dir}`)
  return 0
})
