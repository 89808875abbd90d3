// The restore drill on the embedded default: quotes sent and signed on a running gateway,
// `npm run backup` while it runs, `npm run restore` into a new data folder, a gateway on it: every
// quote, event and sealed PDF identical, and /api/verify still recognises the sealed PDFs.
import t from 'tap'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runGatewayCommand, startGateway, type GatewayProcess } from '../support/gateway-process.js'
import { AUTH_ENV, httpUser, sentQuoteOverHttp, signOverHttp } from '../support/http-workspace.js'

// Several real gateway starts: minutes on a busy 2-core machine, more than .taprc's default.
t.setTimeout(900_000)
const root = await mkdtemp(path.join(tmpdir(), 'paraphe-restore-'))
t.teardown(() => rm(root, { recursive: true, force: true }))

const runCommand = (command: 'backup' | 'restore', env: NodeJS.ProcessEnv, args: string[]) => runGatewayCommand(command, env, args)

interface Snapshot {
  quotes: unknown
  perQuote: Array<{ quote: unknown; events: unknown; pdf: Buffer }>
}

async function snapshot(gateway: GatewayProcess, userId: string, ids: Array<{ id: string; token: string }>): Promise<Snapshot> {
  const origin = `http://127.0.0.1:${gateway.port}`
  const user = await httpUser(origin, userId)
  const perQuote = []
  for (const { id, token } of ids) {
    perQuote.push({
      quote: (await (await user.call('GET', `/api/quotes/${id}`)).json()) as unknown,
      events: (await (await user.call('GET', `/api/quotes/${id}/events`)).json()) as unknown,
      pdf: Buffer.from(await (await fetch(`${origin}/api/sign/${token}/pdf`)).arrayBuffer())
    })
  }
  return { quotes: await (await user.call('GET', '/api/quotes')).json(), perQuote }
}

t.test('backup while running → restore into a new data folder: everything identical', async (t) => {
  const original = path.join(root, 'original')
  const gateway = await startGateway({ ...AUTH_ENV, DATA_DIR: original })
  t.teardown(() => gateway.child.kill('SIGKILL'))
  const origin = `http://127.0.0.1:${gateway.port}`
  const user = await httpUser(origin)
  const quotes = []
  for (let index = 0; index < 3; index++) {
    const quote = await sentQuoteOverHttp(user)
    if (index < 2) t.equal((await signOverHttp(origin, quote.token)).status, 200, `quote ${index + 1} signed`)
    quotes.push(quote)
  }
  const before = await snapshot(gateway, user.id, quotes)

  const target = path.join(root, 'backup')
  const backup = await runCommand('backup', { DATA_DIR: original }, [target])
  t.equal(backup.code, 0, backup.output)
  t.match(backup.output, `Sauvegarde écrite par la passerelle en marche (PID ${gateway.child.pid})`)
  t.equal((await runCommand('backup', { DATA_DIR: original }, [target])).code, 1, 'never over an existing backup')
  gateway.child.kill('SIGTERM')
  t.equal((await gateway.exited).code, 0)

  const restoredDir = path.join(root, 'restored')
  const restore = await runCommand('restore', { DATA_DIR: restoredDir }, [target])
  t.equal(restore.code, 0, restore.output)
  t.match(restore.output, '3 devis')
  const again = await runCommand('restore', { DATA_DIR: restoredDir }, [target])
  t.equal(again.code, 1, 'never over an existing database')
  t.match(again.output, /contient déjà une base/)

  const restored = await startGateway({ ...AUTH_ENV, DATA_DIR: restoredDir })
  t.teardown(() => restored.child.kill('SIGKILL'))
  const after = await snapshot(restored, user.id, quotes)
  t.same(after.quotes, before.quotes, 'the quote list')
  for (const [index, quote] of before.perQuote.entries()) {
    const copy = after.perQuote[index]
    t.same(copy?.quote, quote.quote, `quote ${index + 1}`)
    t.same(copy?.events, quote.events, `events of quote ${index + 1}`)
    t.ok(copy?.pdf.equals(quote.pdf), `PDF of quote ${index + 1} byte-identical`)
  }
  for (const [index, quote] of before.perQuote.slice(0, 2).entries()) {
    const verified = (await (
      await fetch(`http://127.0.0.1:${restored.port}/api/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: new Uint8Array(quote.pdf)
      })
    ).json()) as { document: { signerName: string } | null }
    t.match(verified.document, { signerName: 'Élise Martin' }, `sealed PDF ${index + 1} still recognised`)
  }
  // The same seal certificate: what is sealed after the restore carries the same signer.
  const seal = (dir: string) => readFile(path.join(dir, 'signing', 'seal.p12'))
  t.ok((await seal(restoredDir)).equals(await seal(original)), 'the seal certificate came back')
  restored.child.kill('SIGTERM')
  t.equal((await restored.exited).code, 0)
})
