// The PDF preview of a draft while it is open: drawn when opened, drawn again after each
// successful autosave (after a short pause, so a burst of saves draws once). The last answer
// wins (a query per saved state: a newer one replaces the one in flight). The pages already
// shown stay until the new ones are ready (no blank flash), marked as being updated.

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
  /** The draft was just saved: draw again (if open) after the pause. */
  saved: () => void
  /** After a failure: draw again at once. */
  retry: () => void
}
