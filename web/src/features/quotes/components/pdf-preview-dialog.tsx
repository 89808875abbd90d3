import { useEffect, useRef } from 'react'
import type { PreviewState } from '../lib/pdf-preview'

export interface PdfPreviewDialogProps {
  state: PreviewState<HTMLCanvasElement>
  /** The dialog was closed (« Fermer », or Escape). */
  onClose: () => void
  onRetry: () => void
}

function statusText(state: Exclude<PreviewState<HTMLCanvasElement>, { kind: 'closed' }>): string {
  if (state.kind === 'loading') return 'Préparation de l’aperçu…'
  if (state.kind === 'failed') return ''
  if (state.updating) return 'Mise à jour…'
  return state.pages.length === 1 ? '1 page' : `${state.pages.length} pages`
}

/** A page drawn by pdf.js: its canvas, made outside React, placed in the slot. */
function PageCanvas({ canvas, label }: { canvas: HTMLCanvasElement; label: string }) {
  return (
    <div
      className="pdf-preview__canvas"
      ref={(slot) => {
        canvas.setAttribute('role', 'img')
        canvas.setAttribute('aria-label', label)
        slot?.replaceChildren(canvas)
      }}
    />
  )
}

/**
 * The draft's PDF as the client will get it, in a panel beside the editor (a non-modal dialog:
 * the professional goes on typing and sees the pages follow). Opening puts the focus on
 * « Fermer »; « Fermer » or Escape closes it and gives the focus back to the button that opened
 * it. The pages stay shown while a newer drawing is made.
 */
export function PdfPreviewDialog({ state, onClose, onRetry }: PdfPreviewDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const opener = useRef<Element | null>(null)
  const open = state.kind !== 'closed'
  useEffect(() => {
    if (!open || dialog.current?.open !== false) return
    opener.current = document.activeElement
    dialog.current.show()
    closeButton.current?.focus()
  }, [open])
  if (state.kind === 'closed') return null
  const count = state.kind === 'ready' ? state.pages.length : 0
  const close = () => dialog.current?.close()
  return (
    <dialog
      ref={dialog}
      className="pdf-preview"
      id="pdf-preview"
      aria-labelledby="pdf-preview-title"
      onClose={() => {
        if (opener.current instanceof HTMLElement) opener.current.focus()
        onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close()
      }}
    >
      <div className="pdf-preview__head">
        <h2 id="pdf-preview-title">Aperçu du PDF</h2>
        <p className="pdf-preview__status" role="status">
          {statusText(state)}
        </p>
        <button type="button" className="button button--ghost" ref={closeButton} onClick={close}>
          Fermer
        </button>
      </div>
      {state.kind === 'failed' ? (
        <div className="pdf-preview__problem">
          <p role="alert">{state.message}</p>
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Réessayer
          </button>
        </div>
      ) : null}
      {state.kind === 'ready' ? (
        // Focusable: the pages scroll with the keyboard too.
        <ol
          className={state.updating ? 'pdf-preview__pages pdf-preview__pages--updating' : 'pdf-preview__pages'}
          tabIndex={0}
          aria-label="Pages du devis"
        >
          {state.pages.map((canvas, index) => (
            <li key={index}>
              <PageCanvas canvas={canvas} label={`Page ${index + 1} sur ${count} du devis`} />
              <p className="pdf-preview__number">
                Page {index + 1} / {count}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </dialog>
  )
}
