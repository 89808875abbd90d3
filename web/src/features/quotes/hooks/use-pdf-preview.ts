import { useEffect, useMemo, useRef, useState } from 'react'
import type { ApiClient } from '@/lib/api-client'
import { quotesApi } from '../api/quotes-api'
import type { SaveState } from '../lib/autosave'
import { createPdfPreview, type PdfPreview, type PreviewState } from '../lib/pdf-preview'

/** Draws the PDF of the stored draft `quoteId`: its bytes with the user's token, then pdf.js, loaded only now. */
async function drawDraft(api: ApiClient, quoteId: string, signal: AbortSignal): Promise<HTMLCanvasElement[]> {
  const [file, { renderPdfPages }] = await Promise.all([quotesApi.pdf(api, quoteId, signal), import('../lib/pdf-canvas')])
  return renderPdfPages(new Uint8Array(await file.blob.arrayBuffer()))
}

/** The draft's PDF preview: closed until asked, then drawn again after each successful autosave. */
export function usePdfPreview(
  api: ApiClient,
  quoteId: string,
  saveState: SaveState
): { state: PreviewState<HTMLCanvasElement>; preview: PdfPreview } {
  const [state, setState] = useState<PreviewState<HTMLCanvasElement>>({ kind: 'closed' })
  const preview = useMemo(() => createPdfPreview({ load: (signal) => drawDraft(api, quoteId, signal), onState: setState }), [api, quoteId])
  // A save that just succeeded: the state comes back to « saved » from another.
  const previous = useRef(saveState.kind)
  useEffect(() => {
    if (saveState.kind === 'saved' && previous.current !== 'saved') preview.saved()
    previous.current = saveState.kind
  }, [saveState, preview])
  useEffect(() => () => preview.close(), [preview])
  return { state, preview }
}
