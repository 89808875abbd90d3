// A new embedded data folder starts as a copy of the cluster the build initialised (no initdb at
// the first start), and still works where no template was made.
import { existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { migrate } from '../../src/db/migrate.js'
import { openPglite } from '../../src/db/pglite-database.js'
import { copyPgliteTemplate, ensurePgliteTemplate, pgliteTemplateDir, readPgliteTemplateArchive } from '../../src/db/pglite-template.js'

const root = mkdtempSync(path.join(os.tmpdir(), 'paraphe-template-'))
t.teardown(() => rmSync(root, { recursive: true, force: true }))

t.test('the build made the template of the installed PGlite', async (t) => {
  const { dir, created } = await ensurePgliteTemplate()
  t.equal(dir, pgliteTemplateDir())
  t.notOk(created, 'npm test builds first, so it already exists')
  t.ok(existsSync(path.join(dir, 'PG_VERSION')), 'an initialised cluster')
  t.match(path.basename(dir), /^pglite-\d+\.\d+\.\d+/, 'named after the PGlite version')
  t.ok(readPgliteTemplateArchive(), 'and its archive, for the databases kept in memory')
})

t.test('a database in memory starts from the archive: a whole cluster, ready for the migrations', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  t.ok((await migrate(db)).length > 0)
  t.same((await db.query<{ n: number }>("select count(*)::int as n from pg_namespace where nspname = 'paraphe'")).rows, [{ n: 1 }])
})

t.test('a new data folder opens from the template, migrates, and keeps its data across a restart', async (t) => {
  const dataDir = path.join(root, 'new', 'pglite')
  const db = await openPglite(dataDir)
  t.ok((await migrate(db)).length > 0, 'every migration applied on the copy')
  await db.script("create table public.kept (value text); insert into public.kept values ('écrit avant l''arrêt')")
  await db.close()
  const reopened = await openPglite(dataDir)
  t.same(await migrate(reopened), [], 'nothing pending after a restart')
  t.same(
    (await reopened.query<{ value: string }>('select value from public.kept')).rows,
    [{ value: "écrit avant l'arrêt" }],
    'the row written before the restart is there'
  )
  await reopened.close()
  t.notOk(
    readdirSync(path.dirname(dataDir)).some((name) => name.endsWith('.partial')),
    'no half copy left beside it'
  )
})

t.test('a start killed while copying leaves nothing half-made: the next one copies again', async (t) => {
  const dataDir = path.join(root, 'killed', 'pglite')
  mkdirSync(`${dataDir}.partial`, { recursive: true })
  writeFileSync(path.join(`${dataDir}.partial`, 'PG_VERSION'), '17\n')
  t.ok(copyPgliteTemplate(dataDir))
  t.ok(existsSync(path.join(dataDir, 'global')), 'the whole cluster is in place')
  t.notOk(existsSync(`${dataDir}.partial`), 'the half copy is gone')
  const db = await openPglite(dataDir)
  t.same((await db.query<{ one: number }>('select 1 as one')).rows, [{ one: 1 }])
  await db.close()
})

t.test('without a template (a PGlite upgraded since the build), initdb runs as before', async (t) => {
  const dataDir = path.join(root, 'no-template', 'pglite')
  t.notOk(copyPgliteTemplate(dataDir, path.join(root, 'missing-template')), 'nothing to copy')
  t.notOk(existsSync(dataDir), 'the folder is left for initdb')
})
