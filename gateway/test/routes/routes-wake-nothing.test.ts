// Checked on the source: no route wakes a queue (the domain action that queued the work does,
// after its commit: invoices/invoice-actions.ts, quotes/quote-actions.ts), and invoices are issued
// along one path only: the actions' issue queue per company (invoice-actions.ts), whoever calls.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'

const SRC = path.resolve('gateway/src')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

const relative = (file: string) => path.relative(SRC, file)

t.test('no route calls wake(): the domain action wakes what it queued', async (t) => {
  const waking = sources(path.join(SRC, 'routes')).filter((file) =>
    /\bwake\s*\(|\.wake\b|queueWake\.\w+\(/.test(readFileSync(file, 'utf8'))
  )
  t.same(waking.map(relative), [], 'no file under gateway/src/routes wakes a queue')
})

t.test('one issuing path: only the invoice actions issue, through the company’s queue', async (t) => {
  const callers = (pattern: RegExp) =>
    sources(SRC)
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map(relative)
      .sort()
  t.same(
    callers(/\bissueInvoice\s*\(/),
    ['invoices/invoice-actions.ts', 'invoices/invoice-issuing.ts'],
    'issueInvoice is called by the actions (and the credit note beside it)'
  )
  t.same(
    callers(/\boneIssueAtATime\b/),
    ['invoices/invoice-actions.ts', 'invoices/issue-queue.ts'],
    'the issue queue is used by the actions only'
  )
  // « Annuler par un avoir et refaire » issues its credit note too: only through the actions' queue.
  t.same(callers(/\bcreateCreditNote\s*\(/), ['invoices/invoice-actions.ts', 'invoices/invoice-issuing.ts', 'invoices/invoice-redo.ts'])
  t.same(
    callers(/(?<![.\w])creditAndRedo\s*\(/).filter((file) => file !== 'invoices/invoice-redo.ts'),
    ['invoices/invoice-actions.ts'],
    'the credit-and-redo is called by the actions only (routes call the action)'
  )
  t.match(
    readFileSync(path.join(SRC, 'invoices/invoice-actions.ts'), 'utf8'),
    /async creditAndRedo\(scope, id, log\) \{\s*const redone = await oneIssueAtATime\(/,
    'inside the company’s issue queue'
  )
  const actions = readFileSync(path.join(SRC, 'invoices/invoice-actions.ts'), 'utf8')
  t.notMatch(actions, /oneIssueAtATime\([^)]*(user|\.id\b)/, 'the queue is keyed by the company, never by the user')
})
