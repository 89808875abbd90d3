// `npm run migrate` as an operator runs it: a process that applies what is pending and exits.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { readMigrations } from '../../src/db/migrate.js'
import { copyPgliteTemplate, ensurePgliteTemplate } from '../../src/db/pglite-template.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const run = promisify(execFile)

function migrateCommand(env: NodeJS.ProcessEnv) {
  return run(
    process.execPath,
    ['--import=./scripts/register-ts.mjs', '--conditions=paraphe-source', 'gateway/src/commands/migrate-command.ts'],
    {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env }
    }
  )
}

t.test('a data folder of an older version: the pending migrations applied once, then reported up to date', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-migrate-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  // A cluster holding none of this version's migrations (as initdb leaves it).
  t.ok(copyPgliteTemplate(path.join(dataDir, 'pglite'), (await ensurePgliteTemplate()).dir), 'an older database in place')
  const first = await migrateCommand({ DATA_DIR: dataDir })
  t.equal(
    first.stdout.trim(),
    `Applied migrations: ${readMigrations()
      .map((migration) => migration.version)
      .join(', ')}`
  )
  const second = await migrateCommand({ DATA_DIR: dataDir })
  t.equal(second.stdout.trim(), 'Database up to date.')
})

t.test('a new data folder starts with this version’s schema: nothing to apply', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-migrate-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  t.equal((await migrateCommand({ DATA_DIR: dataDir })).stdout.trim(), 'Database up to date.')
})

t.test('a wrong configuration is reported and the exit code says so', async (t) => {
  const failed = await migrateCommand({ DATABASE_URL: 'mysql://nope' }).catch((error: { code: number; stderr: string }) => error)
  t.match(failed, { code: 1, stderr: /DATABASE_URL/ })
})
