import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { drawDraftPdf } from '../api/get-quote-pdf-preview'
import { browserTimers, type SaveState, type Timers } from '../lib/autosave'
import { PREVIEW_DELAY_MS, previewStateOf, type PdfPreview, type PreviewState } from '../lib/pdf-preview'

/**
 * Which drawing the preview is at. Every change (opened, closed, saved, « Réessayer ») takes the
 * next number, so the query's key changes and TanStack Query cancels the drawing in flight (its
 * signal aborts the PDF's request). `keep`: the pages on screen stay while this one is drawn.
 */
interface Drawing {
  open: boolean
  number: number
  keep: boolean
}

export interface PreviewDrawingsOptions<P> {
  /** The query key of drawing `number`. */
  queryKey: (number: number) => QueryKey
  /** Fetches the draft's PDF and draws its pages. */
  draw: (signal: AbortSignal) => Promise<readonly P[]>
  saveState: SaveState
  delayMs?: number
  timers?: Timers
}

/** A preview closed until asked, then drawn again after each successful autosave. */
export function usePreviewDrawings<P>({
  queryKey,
  draw,
  saveState,
  delayMs = PREVIEW_DELAY_MS,
  timers = browserTimers
}: PreviewDrawingsOptions<P>): { state: PreviewState<P>; preview: PdfPreview } {
  const [drawing, setDrawing] = useState<Drawing>({ open: false, number: 0, keep: false })
  const query = useQuery({
    queryKey: queryKey(drawing.number),
    queryFn: ({ signal }) => draw(signal),
    enabled: drawing.open,
    ...(drawing.keep ? { placeholderData: keepPreviousData } : {}),
    // One drawing, drawn once: its canvases go with it, and are never compared to another's.
    staleTime: Infinity,
    gcTime: 0,
    structuralSharing: false
  })
  const state = previewStateOf(drawing.open, query)

  // Read by the pause's timer and « Réessayer »: whether pages are on screen to keep meanwhile.
  const shown = useRef(false)
  useEffect(() => {
    shown.current = state.kind === 'ready'
  })
  const timer = useRef<unknown>(null)
  const preview = useMemo(() => {
    const stopPause = () => {
      if (timer.current !== null) timers.clearTimeout(timer.current)
      timer.current = null
    }
    /** The next drawing of an open preview, keeping the pages on screen (if any) meanwhile. */
    const drawAgain = () => {
      const keep = shown.current
      setDrawing((current) => (current.open ? { open: true, number: current.number + 1, keep } : current))
    }
    return {
      open: () => setDrawing((current) => (current.open ? current : { open: true, number: current.number + 1, keep: false })),
      close: () => {
        stopPause()
        setDrawing((current) => (current.open ? { open: false, number: current.number + 1, keep: false } : current))
      },
      retry: () => {
        stopPause()
        drawAgain()
      },
      /** The draft was just saved: draw again after the pause, which a newer save starts again. */
      saved: () => {
        stopPause()
        timer.current = timers.setTimeout(() => {
          timer.current = null
          drawAgain()
        }, delayMs)
      },
      stopPause
    }
  }, [timers, delayMs])

  // A save that just succeeded: the state comes back to « saved » from another.
  const previous = useRef(saveState.kind)
  const open = drawing.open
  useEffect(() => {
    if (saveState.kind === 'saved' && previous.current !== 'saved' && open) preview.saved()
    previous.current = saveState.kind
  }, [saveState, open, preview])
  useEffect(() => preview.stopPause, [preview])
  return { state, preview }
}

/** The draft's PDF preview: closed until asked, then drawn again after each successful autosave. */
export function usePdfPreview(
  api: ApiClient,
  quoteId: string,
  saveState: SaveState
): { state: PreviewState<HTMLCanvasElement>; preview: PdfPreview } {
  return usePreviewDrawings({
    queryKey: (number) => queryKeys.quotePdfPreview(quoteId, number),
    draw: (signal) => drawDraftPdf(api, quoteId, signal),
    saveState
  })
}
