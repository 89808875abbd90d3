// The web's data layer is TanStack Query (lib/react-query.ts, lib/query-keys.ts, each feature's
// api/get-*.ts): no feature aborts its requests by hand any more (the query passes its signal),
// and the hand-written loader it replaced does not come back.
import t from 'tap'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const src = fileURLToPath(new URL('../../src/', import.meta.url))

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name))
}

async function filesMatching(dir: string, pattern: RegExp): Promise<string[]> {
  const found: string[] = []
  for (const file of await sources(dir)) if (pattern.test(await readFile(file, 'utf8'))) found.push(path.relative(src, file))
  return found
}

t.test('no AbortController in feature code: queries get their signal from TanStack Query', async (t) => {
  t.ok((await sources(path.join(src, 'features'))).length > 100, 'the features are read')
  // The PDF preview's drawings too: each is a query, cancelled by TanStack Query when the next starts.
  t.same(await filesMatching(path.join(src, 'features'), /\bAbortController\b/), [])
})

t.test('the hand-written loader is gone', async (t) => {
  t.same(await filesMatching(src, /use-api-load|\buseApiLoad\b/), [])
  t.same(
    (await sources(src)).filter((file) => file.endsWith('use-api-load.ts')),
    [],
    'no hooks/use-api-load.ts'
  )
})

t.test('the profile is read in one place: every screen shares its cached answer', async (t) => {
  t.same((await filesMatching(src, /['`]\/api\/profile['`]/)).sort(), ['features/profile/api/profile-api.ts', 'hooks/use-profile.ts'])
})
