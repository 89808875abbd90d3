import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useDebounced } from '@/hooks/use-debounced'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { quotesApi } from '../api/quotes-api'
import type { SaveState } from '../lib/autosave'
import { PREVIEW_DELAY_MS, PREVIEW_FAILED, type PdfPreview, type PreviewState } from '../lib/pdf-preview'

/** Draws the PDF of the stored draft `quoteId`: its bytes with the user's token, then pdf.js, loaded only now. */
async function drawDraft(api: ApiClient, quoteId: string, signal: AbortSignal): Promise<HTMLCanvasElement[]> {
  const [file, { renderPdfPages }] = await Promise.all([quotesApi.pdf(api, quoteId, signal), import('../lib/pdf-canvas')])
  return renderPdfPages(new Uint8Array(await file.blob.arrayBuffer()))
}

/** The preview's state from its query: closed, the first drawing, the pages (being redrawn or not), or a failure. */
export function previewStateOf<P>(
  open: boolean,
  query: { data: readonly P[] | undefined; isError: boolean; isFetching: boolean; isPlaceholderData: boolean }
): PreviewState<P> {
  if (!open) return { kind: 'closed' }
  if (query.isError && !query.isFetching) return { kind: 'failed', message: PREVIEW_FAILED }
  if (query.data === undefined) return { kind: 'loading' }
  return { kind: 'ready', pages: query.data, updating: query.isFetching || query.isPlaceholderData }
}

/** The draft's PDF preview: closed until asked, then drawn again after each successful autosave. */
export function usePdfPreview(
  api: ApiClient,
  quoteId: string,
  saveState: SaveState
): { state: PreviewState<HTMLCanvasElement>; preview: PdfPreview } {
  const [open, setOpen] = useState(false)
  // Each successful save is a new state of the PDF, drawn once the saves pause.
  const [saves, setSaves] = useState(0)
  const drawn = useDebounced(saves, PREVIEW_DELAY_MS)
  const previous = useRef(saveState.kind)
  useEffect(() => {
    if (saveState.kind === 'saved' && previous.current !== 'saved') setSaves((count) => count + 1)
    previous.current = saveState.kind
  }, [saveState])
  const query = useQuery({
    queryKey: queryKeys.quotes.pdf(quoteId, drawn),
    queryFn: ({ signal }) => drawDraft(api, quoteId, signal),
    enabled: open && quoteId !== '',
    placeholderData: keepPreviousData,
    // Drawn pages are heavy and only this preview shows them: not kept once it is closed.
    gcTime: 0
  })
  const { refetch } = query
  const preview = useMemo<PdfPreview>(
    () => ({
      open: () => setOpen(true),
      close: () => setOpen(false),
      saved: () => setSaves((count) => count + 1),
      retry: () => void refetch()
    }),
    [refetch]
  )
  return { state: previewStateOf(open, query), preview }
}
