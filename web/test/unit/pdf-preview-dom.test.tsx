// The draft's PDF preview in a DOM, driven step by step: each drawing is a TanStack query whose
// answer the test gives when it wants, and the pause after a save runs on a clock the test
// advances. So the order of answers a slow network can produce is checked on the panel itself:
// the last drawing wins (the older one's request aborted), nothing blank while a newer one is
// made, and a preview closed while it loads shows no stale pages when opened again.
import './dom/register.js'
import t, { type Test } from 'tap'
import { createRoot } from 'react-dom/client'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { SaveState, Timers } from '@/features/quotes/lib/autosave'
import { PREVIEW_DELAY_MS, PREVIEW_FAILED } from '@/features/quotes/lib/pdf-preview'
import { usePreviewDrawings } from '@/features/quotes/hooks/use-pdf-preview'
import { PdfPreviewDialog } from '@/features/quotes/components/pdf-preview-dialog'
import { queryConfig } from '@/lib/react-query'
import { textOf } from './dom/page.js'

interface Load {
  signal: AbortSignal
  resolve: (pages: HTMLCanvasElement[]) => void
  reject: (error: unknown) => void
}

/** Pages as pdf.js gives them: canvases, named here so the test can tell which drawing shows. */
const pages = (...names: string[]) =>
  names.map((name) => {
    const canvas = document.createElement('canvas')
    canvas.dataset.name = name
    return canvas
  })

function harness(t: Test) {
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
  const loads: Load[] = []
  const draw = (signal: AbortSignal) => new Promise<HTMLCanvasElement[]>((resolve, reject) => loads.push({ signal, resolve, reject }))

  function Screen({ saveState }: { saveState: SaveState }) {
    const { state, preview } = usePreviewDrawings({ queryKey: (number) => ['preview-test', number], draw, saveState, timers: clock })
    return (
      <>
        <button type="button" id="quote-preview" onClick={preview.open}>
          Aperçu du PDF
        </button>
        <output id="save-state">{saveState.kind}</output>
        <PdfPreviewDialog state={state} onClose={preview.close} onRetry={preview.retry} />
      </>
    )
  }
  const container = document.createElement('div')
  document.body.replaceChildren(container)
  const root = createRoot(container)
  const queryClient = new QueryClient({ defaultOptions: queryConfig })
  const show = (saveState: SaveState) =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <Screen saveState={saveState} />
      </QueryClientProvider>
    )
  show({ kind: 'saved' })
  t.teardown(() => {
    root.unmount()
    queryClient.clear()
  })
  const opener = () => document.getElementById('quote-preview')
  const until = (check: () => boolean, what: string) =>
    waitFor(() => {
      if (!check()) throw new Error(`not yet: ${what}`)
    })
  /** An autosave that succeeds: the state goes through « saving » back to « saved ». */
  const save = async () => {
    show({ kind: 'saving' })
    await until(() => document.getElementById('save-state')?.textContent === 'saving', 'saving shown')
    show({ kind: 'saved' })
    await until(() => document.getElementById('save-state')?.textContent === 'saved', 'saved shown')
  }
  const status = () => document.querySelector('#pdf-preview [role="status"]')?.textContent ?? null
  const shown = () => [...document.querySelectorAll<HTMLCanvasElement>('#pdf-preview canvas')].map((canvas) => canvas.dataset.name)
  const open = () => fireEvent.click(opener() ?? document.body)
  return { opener, loads, advance, pendingTimers: () => timers.size, save, until, status, shown, open }
}

t.test('opening draws the pages; a save draws them again after a pause, keeping the old ones meanwhile', async (t) => {
  const { opener, loads, advance, pendingTimers, save, until, status, shown, open } = harness(t)
  await until(() => opener() !== null, 'rendered')
  await save()
  t.equal(pendingTimers(), 0, 'closed: a save draws nothing')
  open()
  await until(() => status() === 'Préparation de l’aperçu…', 'loading')
  await until(() => loads.length === 1, 'the drawing asked')
  open()
  loads[0]?.resolve(pages('page 1', 'page 2'))
  await until(() => status() === '2 pages', 'two pages')
  t.same(shown(), ['page 1', 'page 2'])
  t.equal(loads.length, 1, 'opening again while open draws nothing more')

  await save()
  await until(() => pendingTimers() === 1, 'the pause')
  advance(PREVIEW_DELAY_MS - 1)
  t.equal(loads.length, 1, 'not before the pause')
  await save()
  advance(PREVIEW_DELAY_MS - 1)
  t.equal(loads.length, 1, 'a second save starts the pause again')
  advance(1)
  await until(() => loads.length === 2, 'one drawing for both saves')
  await until(() => status() === 'Mise à jour…', 'updating')
  t.same(shown(), ['page 1', 'page 2'], 'the old pages stay meanwhile')
  t.ok(document.querySelector('.pdf-preview__pages--updating'), 'marked as being updated')
  loads[1]?.resolve(pages('page 1 bis'))
  await until(() => status() === '1 page', 'the new page')
  t.same(shown(), ['page 1 bis'])
  t.equal(document.querySelector('.pdf-preview__pages--updating'), null)
})

t.test('the last drawing wins: the older one is aborted, and its late answer dropped', async (t) => {
  const { opener, loads, advance, save, until, status, shown, open, pendingTimers } = harness(t)
  await until(() => opener() !== null, 'rendered')
  open()
  await until(() => loads.length === 1, 'the first drawing')
  loads[0]?.resolve(pages('v1'))
  await until(() => status() === '1 page', 'v1')
  await save()
  await until(() => pendingTimers() === 1, 'the pause')
  advance(PREVIEW_DELAY_MS)
  await until(() => loads.length === 2, 'the second drawing')
  await save()
  await until(() => pendingTimers() === 1, 'the pause')
  advance(PREVIEW_DELAY_MS)
  await until(() => loads.length === 3, 'the third drawing')
  await until(() => loads[1]?.signal.aborted === true, 'the older drawing aborted')
  t.ok(loads[1]?.signal.aborted, 'the older drawing’s request is aborted')
  t.notOk(loads[2]?.signal.aborted)
  t.same(shown(), ['v1'], 'v1 stays while v3 is drawn')
  loads[2]?.resolve(pages('v3'))
  await until(() => shown()[0] === 'v3', 'v3 shown')
  loads[1]?.resolve(pages('v2 late'))
  await new Promise((resolve) => setImmediate(resolve))
  await until(() => status() === '1 page', 'settled')
  t.same(shown(), ['v3'], 'v3 stays')
})

t.test(
  'a failure said in French, « Réessayer »; closing stops everything, and a preview closed while loading shows no stale pages',
  async (t) => {
    const { opener, loads, advance, pendingTimers, save, until, status, shown, open } = harness(t)
    await until(() => opener() !== null, 'rendered')
    open()
    await until(() => loads.length === 1, 'the drawing')
    loads[0]?.reject(new Error('Invalid PDF structure'))
    t.equal((await screen.findByRole('alert')).textContent, PREVIEW_FAILED)
    fireEvent.click(screen.getByText('Réessayer'))
    await until(() => status() === 'Préparation de l’aperçu…', 'nothing shown to keep: loading again')
    t.equal(screen.queryByRole('alert'), null)
    await until(() => loads.length === 2, 'drawn again')
    loads[1]?.resolve(pages('p'))
    await until(() => status() === '1 page', 'drawn')

    await save()
    await until(() => pendingTimers() === 1, 'the pause')
    fireEvent.click(screen.getByText('Fermer'))
    await until(() => document.getElementById('pdf-preview') === null, 'closed')
    t.equal(pendingTimers(), 0, 'the pending drawing is cancelled')
    advance(PREVIEW_DELAY_MS)
    t.equal(loads.length, 2, 'nothing drawn once closed')

    open()
    await until(() => loads.length === 3, 'opened again: drawn again')
    t.equal(status(), 'Préparation de l’aperçu…', 'not the pages of before')
    t.same(shown(), [])
    fireEvent.click(screen.getByText('Fermer'))
    await until(() => document.getElementById('pdf-preview') === null, 'closed while loading')
    await until(() => loads[2]?.signal.aborted === true, 'closing aborts the drawing in flight')
    t.ok(loads[2]?.signal.aborted, 'closing aborts the drawing’s request')
    loads[2]?.resolve(pages('stale'))
    await new Promise((resolve) => setImmediate(resolve))
    t.equal(document.getElementById('pdf-preview'), null, 'a late answer does not reopen it')

    open()
    await until(() => loads.length === 4, 'opened once more')
    t.equal(status(), 'Préparation de l’aperçu…', 'loading, with no stale PDF shown')
    t.same(shown(), [])
    loads[3]?.resolve(pages('fresh'))
    await until(() => status() === '1 page', 'the fresh drawing')
    t.same(shown(), ['fresh'])
    t.notMatch(textOf(), /stale/)
  }
)
