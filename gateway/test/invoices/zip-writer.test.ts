// The accountant's ZIP of Factur-X files: what compresses is deflated, what does not (PDFs are
// mostly compressed already) is stored, and a standard unzip reads every file back byte for byte.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { zipArchive } from '../../src/invoices/exports/zip-writer.js'

t.test('deflated or stored, each file comes back as it was', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'paraphe-zip-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const text = Buffer.from('Facture F-2026-0001 '.repeat(500), 'utf8')
  const noise = randomBytes(4096)
  const modified = new Date(2026, 10, 26, 14, 30, 12)
  const archive = path.join(dir, 'factures.zip')
  await writeFile(
    archive,
    zipArchive([
      { name: 'F-2026-0001 – Résumé.txt', data: text, modified },
      { name: 'F-2026-0002.pdf', data: noise, modified }
    ])
  )
  t.match(execFileSync('unzip', ['-t', archive]).toString(), /No errors detected/, 'unzip -t finds no error')
  const listing = execFileSync('unzip', ['-v', archive]).toString()
  t.match(listing, /Defl:N.*F-2026-0001 – Résumé\.txt/, 'the text deflated, its UTF-8 name kept')
  t.match(listing, /Stored.*F-2026-0002\.pdf/, 'the incompressible file stored')
  t.match(listing, /2026-11-26 14:30|11-26-2026 14:30|26 14:30/, 'the modification time kept')
  execFileSync('unzip', ['-q', archive, '-d', path.join(dir, 'out')])
  t.same(await readFile(path.join(dir, 'out', 'F-2026-0001 – Résumé.txt')), text)
  t.same(await readFile(path.join(dir, 'out', 'F-2026-0002.pdf')), noise)
})
