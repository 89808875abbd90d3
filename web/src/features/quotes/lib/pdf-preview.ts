// The PDF preview of a draft while it is open: drawn when opened, drawn again after each
// successful autosave (after a short pause, so a burst of saves draws once). Each drawing is a
// query of its own (hooks/use-pdf-preview.ts): the last one wins, TanStack Query cancelling the
// one in flight when the next starts or the preview closes. The pages already shown stay until
// the new ones are ready (no blank flash), marked as being updated.
import type { UseQueryResult } from '@tanstack/react-query'

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

export interface PdfPreview {
  open: () => void
  close: () => void
  /** After a failure: draw again at once. */
  retry: () => void
}

/** What the panel shows of the current drawing's query (kept pages come as its placeholder). */
export function previewStateOf<P>(
  open: boolean,
  query: Pick<UseQueryResult<readonly P[]>, 'status' | 'data' | 'isPlaceholderData'>
): PreviewState<P> {
  if (!open) return { kind: 'closed' }
  if (query.status === 'error') return { kind: 'failed', message: PREVIEW_FAILED }
  if (query.data !== undefined) return { kind: 'ready', pages: query.data, updating: query.isPlaceholderData }
  return { kind: 'loading' }
}
