// Waits for the render jobs of every issued invoice (the PDF comes right after the number): runs
// the app's job passes until no issued invoice lacks its PDF.
import type { Database } from '../../../src/db/database.js'

export async function renderedAll(jobs: { wake: () => Promise<void> }, db: Database, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await db.query<{ waiting: number }>(
      `select count(*)::integer as waiting from paraphe.invoices where status = 'issued' and pdf is null`
    )
    if ((rows[0]?.waiting ?? 0) === 0) return
    if (Date.now() > deadline) throw new Error(`${rows[0]?.waiting ?? 0} invoice PDF(s) still not rendered`)
    await jobs.wake()
    // A render deferred by a full PDF queue is due again after its back-off: polled meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
