// The accountant's ZIP, streamed: each PDF is read only when the archive reaches it (one at a
// time, never the whole year), Info-ZIP's unzip reads every file back byte for byte with its
// UTF-8 name and date, and a PDF that cannot be read cuts the stream with the error.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { zipOfPdfs } from '../../src/invoices/exports/invoices-zip.js'

t.test('entries read one at a time, in order, each file back as it was', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'paraphe-zip-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const modified = new Date(2026, 10, 26, 14, 30, 12)
  const files = new Map<string, Buffer>([
    ['a', Buffer.from('Facture F-2026-0001 '.repeat(500), 'utf8')],
    ['b', randomBytes(4096)],
    ['c', randomBytes(100_000)]
  ])
  const names: Record<string, string> = { a: 'F-2026-0001 – Résumé.pdf', b: 'F-2026-0002.pdf', c: 'Avoir-F-2026-0003.pdf' }
  let reading = 0
  let mostAtOnce = 0
  const order: string[] = []
  const stream = zipOfPdfs(
    [...files.keys()].map((id) => ({ id, name: names[id] ?? '', modified })),
    async (id) => {
      reading += 1
      mostAtOnce = Math.max(mostAtOnce, reading)
      order.push(id)
      await new Promise((resolve) => setImmediate(resolve))
      reading -= 1
      return files.get(id) ?? Buffer.alloc(0)
    }
  )
  t.same(order, ['a'], 'before the archive is consumed, at most its first PDF is read')
  const archive = path.join(dir, 'factures.zip')
  await pipeline(stream, createWriteStream(archive))
  t.same(order, ['a', 'b', 'c'], 'each PDF read once, in order')
  t.equal(mostAtOnce, 1, 'one PDF at a time')
  t.match(execFileSync('unzip', ['-t', archive]).toString(), /No errors detected/, 'unzip -t finds no error')
  const listing = execFileSync('unzip', ['-v', archive]).toString()
  t.match(listing, /F-2026-0001 – Résumé\.pdf/, 'the UTF-8 name kept')
  t.match(listing, /2026-11-26 14:30|11-26-2026 14:30|26 14:30/, 'the modification time kept')
  execFileSync('unzip', ['-q', archive, '-d', path.join(dir, 'out')])
  for (const [id, data] of files) t.same(await readFile(path.join(dir, 'out', names[id] ?? '')), data)
})

t.test('a PDF that cannot be read ends the stream with its error', async (t) => {
  const stream = zipOfPdfs(
    [
      { id: 'ok', name: 'a.pdf', modified: new Date() },
      { id: 'gone', name: 'b.pdf', modified: new Date() }
    ],
    async (id) => {
      if (id === 'gone') throw new Error('database gone')
      return Buffer.from('%PDF-1.7')
    }
  )
  await t.rejects(pipeline(stream, createWriteStream('/dev/null')), /database gone/)
})
