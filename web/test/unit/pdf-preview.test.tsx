// The draft's PDF preview, driven step by step in Node: a clock the test advances and drawings
// the test answers when it wants, so the order of answers a slow network can produce is checked
// (the last one wins, nothing blank while a newer drawing is made); then what the panel shows in
// each state, and the buttons that open it.
import t from 'tap'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Timers } from '@/features/quotes/lib/autosave'
import { createPdfPreview, PREVIEW_DELAY_MS, PREVIEW_FAILED, type PreviewState } from '@/features/quotes/lib/pdf-preview'
import { PdfPreviewDialog } from '@/features/quotes/components/pdf-preview-dialog'
import { DraftSidePanel } from '@/features/quotes/components/draft-side-panel'
import type { LiveTotals } from '@/features/quotes/lib/quote-form'

function harness() {
  let now = 0
  const timers = new Map<number, { at: number; callback: () => void }>()
  let nextTimer = 1
  const clock: Timers = {
    setTimeout: (callback, ms) => {
      const id = nextTimer++
      timers.set(id, { at: now + ms, callback })
      return id
    },
    clearTimeout: (handle) => void timers.delete(handle as number)
  }
  const advance = (ms: number) => {
    now += ms
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id)
        timer.callback()
      }
    }
  }
  const loads: Array<{ signal: AbortSignal; resolve: (pages: string[]) => void; reject: (error: unknown) => void }> = []
  const states: PreviewState<string>[] = []
  const preview = createPdfPreview<string>({
    load: (signal) => new Promise((resolve, reject) => loads.push({ signal, resolve, reject })),
    onState: (state) => states.push(state),
    timers: clock
  })
  const last = () => states.at(-1)
  return { preview, loads, states, last, advance, pendingTimers: () => timers.size }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

t.test('opening draws the pages; a save draws them again after a pause, keeping the old ones meanwhile', async (t) => {
  const { preview, loads, last, advance } = harness()
  preview.saved()
  t.equal(loads.length, 0, 'closed: a save draws nothing')
  preview.open()
  t.same(last(), { kind: 'loading' })
  t.equal(loads.length, 1)
  preview.open()
  t.equal(loads.length, 1, 'opening again while open draws nothing more')
  loads[0]?.resolve(['page 1', 'page 2'])
  await settle()
  t.same(last(), { kind: 'ready', pages: ['page 1', 'page 2'], updating: false })

  preview.saved()
  advance(PREVIEW_DELAY_MS - 1)
  t.equal(loads.length, 1, 'not before the pause')
  preview.saved()
  advance(PREVIEW_DELAY_MS - 1)
  t.equal(loads.length, 1, 'a second save starts the pause again')
  advance(1)
  t.equal(loads.length, 2, 'one drawing for both saves')
  t.same(last(), { kind: 'ready', pages: ['page 1', 'page 2'], updating: true }, 'the old pages stay, marked as being updated')
  loads[1]?.resolve(['page 1 bis'])
  await settle()
  t.same(last(), { kind: 'ready', pages: ['page 1 bis'], updating: false })
})

t.test('the last drawing wins: an older answer arriving later is dropped', async (t) => {
  const { preview, loads, last, advance } = harness()
  preview.open()
  loads[0]?.resolve(['v1'])
  await settle()
  preview.saved()
  advance(PREVIEW_DELAY_MS)
  preview.saved()
  advance(PREVIEW_DELAY_MS)
  t.equal(loads.length, 3)
  t.ok(loads[1]?.signal.aborted, 'the older drawing is aborted')
  t.notOk(loads[2]?.signal.aborted)
  loads[2]?.resolve(['v3'])
  await settle()
  loads[1]?.reject(new Error('aborted'))
  await settle()
  t.same(last(), { kind: 'ready', pages: ['v3'], updating: false }, 'v3 stays')
})

t.test('a failed drawing says so in French; « Réessayer » draws again; closing stops everything', async (t) => {
  const { preview, loads, last, advance, pendingTimers } = harness()
  preview.retry()
  t.equal(loads.length, 0, 'closed: nothing to retry')
  preview.open()
  loads[0]?.reject(new Error('Invalid PDF structure'))
  await settle()
  t.same(last(), { kind: 'failed', message: PREVIEW_FAILED })
  t.match(PREVIEW_FAILED, /^L’aperçu du PDF n’a pas pu être affiché/)
  preview.retry()
  t.same(last(), { kind: 'loading' }, 'nothing shown to keep: loading again')
  loads[1]?.resolve(['p'])
  await settle()
  preview.saved()
  t.equal(pendingTimers(), 1)
  preview.close()
  t.same(last(), { kind: 'closed' })
  t.equal(pendingTimers(), 0, 'the pending drawing is cancelled')
  advance(PREVIEW_DELAY_MS)
  t.equal(loads.length, 2, 'nothing drawn once closed')
  preview.open()
  t.equal(loads.length, 3, 'opened again: drawn again')
  preview.close()
  t.ok(loads[2]?.signal.aborted, 'closing aborts the drawing in flight')
  loads[2]?.resolve(['late'])
  await settle()
  t.same(last(), { kind: 'closed' }, 'a late answer does not reopen it')
})

const render = (element: ReactElement) => renderToStaticMarkup(element)
const noop = () => {}
/** Stand-ins for the canvases pdf.js draws: the server rendering only counts them. */
const canvases = (count: number) => Array.from({ length: count }, () => ({}) as HTMLCanvasElement)

t.test('the panel in each state', async (t) => {
  t.equal(render(<PdfPreviewDialog state={{ kind: 'closed' }} onClose={noop} onRetry={noop} />), '', 'closed: nothing')

  const loading = render(<PdfPreviewDialog state={{ kind: 'loading' }} onClose={noop} onRetry={noop} />)
  t.match(
    loading,
    /<dialog class="pdf-preview" id="pdf-preview" aria-labelledby="pdf-preview-title"><div class="pdf-preview__head"><h2 id="pdf-preview-title">Aperçu du PDF<\/h2>/,
    'a dialog labelled by its title'
  )
  t.match(loading, /<p class="pdf-preview__status" role="status">Préparation de l’aperçu…<\/p>/)
  t.match(loading, /<button type="button" class="button button--ghost">Fermer<\/button>/)
  t.notMatch(loading, /<ol/)

  const ready = render(<PdfPreviewDialog state={{ kind: 'ready', pages: canvases(2), updating: false }} onClose={noop} onRetry={noop} />)
  t.match(ready, /role="status">2 pages<\/p>/)
  t.match(ready, /<ol class="pdf-preview__pages" tabindex="0" aria-label="Pages du devis">/, 'the pages scroll with the keyboard too')
  t.match(
    ready,
    /<li><div class="pdf-preview__canvas"><\/div><p class="pdf-preview__number">Page 1 \/ 2<\/p><\/li><li><div class="pdf-preview__canvas"><\/div><p class="pdf-preview__number">Page 2 \/ 2<\/p><\/li>/
  )
  t.match(
    render(<PdfPreviewDialog state={{ kind: 'ready', pages: canvases(1), updating: false }} onClose={noop} onRetry={noop} />),
    /role="status">1 page<\/p>/
  )

  const updating = render(<PdfPreviewDialog state={{ kind: 'ready', pages: canvases(1), updating: true }} onClose={noop} onRetry={noop} />)
  t.match(updating, /role="status">Mise à jour…<\/p>/)
  t.match(updating, /<ol class="pdf-preview__pages pdf-preview__pages--updating"/, 'the old pages stay while updating')
  t.match(updating, /Page 1 \/ 1/)

  const failed = render(<PdfPreviewDialog state={{ kind: 'failed', message: PREVIEW_FAILED }} onClose={noop} onRetry={noop} />)
  t.match(
    failed,
    /<p role="alert">L’aperçu du PDF n’a pas pu être affiché. Réessayez, ou téléchargez le PDF.<\/p><button type="button" class="button button--ghost">Réessayer<\/button>/
  )
  t.match(failed, /role="status"><\/p>/, 'no status beside the alert')
  t.notMatch(failed, /<ol/)
})

t.test('« Aperçu du PDF » in the side panel and « Aperçu » in the phone’s bar, once the draft is stored', async (t) => {
  const live: LiveTotals = { totals: null, lineHtCents: [], subtotals: [], skipped: 0 }
  const stored = render(
    <DraftSidePanel live={live} franchiseEnBase={false} depositBp={0} onSend={noop} onPreview={noop}>
      {null}
    </DraftSidePanel>
  )
  t.match(
    stored,
    /<button type="button" class="button button--ghost" id="quote-preview" aria-haspopup="dialog">Aperçu du PDF<\/button><\/aside>/
  )
  t.match(
    stored,
    /<div class="quote-phone-bar__actions"><button type="button" class="button button--ghost" aria-haspopup="dialog">Aperçu<\/button><button type="button" class="button button--primary">Envoyer…<\/button><\/div>/
  )
  const unsaved = render(
    <DraftSidePanel live={live} franchiseEnBase={false} depositBp={0}>
      {null}
    </DraftSidePanel>
  )
  t.notMatch(unsaved, /Aperçu/, 'not before the draft is stored: there is no PDF yet')
})
