// The PDF preview of a draft while it is open: drawn when opened, drawn again after each
// successful autosave (after a short pause, so a burst of saves draws once). The last answer
// wins: a newer drawing aborts the one in flight, and an outdated answer is dropped. The pages
// already shown stay until the new ones are ready (no blank flash), marked as being updated.
import { browserTimers, type Timers } from './autosave'

export type PreviewState<P> =
  | { kind: 'closed' }
  /** First drawing, nothing to show yet. */
  | { kind: 'loading' }
  /** `updating`: a newer drawing is on its way, these pages stay until it is ready. */
  | { kind: 'ready'; pages: readonly P[]; updating: boolean }
  | { kind: 'failed'; message: string }

export const PREVIEW_FAILED = 'L’aperçu du PDF n’a pas pu être affiché. Réessayez, ou téléchargez le PDF.'

/** The pause after a save before drawing again. */
export const PREVIEW_DELAY_MS = 400

export interface PdfPreviewOptions<P> {
  /** Fetches the draft's PDF and draws its pages. */
  load: (signal: AbortSignal) => Promise<readonly P[]>
  onState: (state: PreviewState<P>) => void
  delayMs?: number
  timers?: Timers
}

export interface PdfPreview {
  open: () => void
  close: () => void
  /** The draft was just saved: draw again (if open) after the pause. */
  saved: () => void
  /** After a failure: draw again at once. */
  retry: () => void
}

export function createPdfPreview<P>({
  load,
  onState,
  delayMs = PREVIEW_DELAY_MS,
  timers = browserTimers
}: PdfPreviewOptions<P>): PdfPreview {
  let state: PreviewState<P> = { kind: 'closed' }
  let timer: unknown = null
  let inFlight: AbortController | null = null

  const setState = (next: PreviewState<P>) => {
    state = next
    onState(next)
  }
  const stop = () => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
    inFlight?.abort()
    inFlight = null
  }

  function draw(): void {
    stop()
    setState(state.kind === 'ready' ? { ...state, updating: true } : { kind: 'loading' })
    const controller = new AbortController()
    inFlight = controller
    load(controller.signal).then(
      (pages) => {
        if (inFlight !== controller) return
        inFlight = null
        setState({ kind: 'ready', pages, updating: false })
      },
      () => {
        if (inFlight !== controller) return
        inFlight = null
        setState({ kind: 'failed', message: PREVIEW_FAILED })
      }
    )
  }

  return {
    open: () => {
      if (state.kind === 'closed') draw()
    },
    close: () => {
      stop()
      setState({ kind: 'closed' })
    },
    saved: () => {
      if (state.kind === 'closed') return
      if (timer !== null) timers.clearTimeout(timer)
      timer = timers.setTimeout(() => {
        timer = null
        draw()
      }, delayMs)
    },
    retry: () => {
      if (state.kind !== 'closed') draw()
    }
  }
}
