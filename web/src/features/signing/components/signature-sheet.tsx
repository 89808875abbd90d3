import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface SignatureSheetProps {
  open: boolean
  hint: string
  /** The pad (its canvas stays mounted while the sheet is closed, so the drawing is kept). */
  children: ReactNode
  /**
   * Every other step is done: the sheet ends with « Signer le devis » (it submits the form it
   * sits in) instead of « Valider » and a return to the form.
   */
  lastStep: boolean
  onClear: () => void
  /** keep: « Valider » or « Signer le devis »; otherwise back to the drawing from before the sheet opened. */
  onClose: (keep: boolean) => void
}

/** The full-screen sheet where a phone's signer draws: modal, Escape cancels. */
export function SignatureSheet({ open, hint, lastStep, children, onClear, onClose }: SignatureSheetProps) {
  const sheetRef = useRef<HTMLDivElement | null>(null)
  useEffect(() => {
    if (!open) return
    sheetRef.current?.focus()
    // The page behind must not scroll under the finger.
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
    }
  }, [open])

  return (
    <div
      ref={sheetRef}
      className="signing-sheet"
      hidden={!open}
      role="dialog"
      aria-modal="true"
      aria-labelledby="sign-sheet-title"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onClose(false)
        } else trapFocus(event)
      }}
    >
      <h2 className="signing-sheet__title" id="sign-sheet-title">
        Votre signature
      </h2>
      <p className="field__hint" id="sign-pad-hint">
        {hint}
      </p>
      {children}
      {lastStep ? (
        <p className="signing-sheet__evidence">
          En touchant «&#8239;Signer le devis&#8239;», vous signez électroniquement ce devis&#8239;; votre nom, votre e-mail, la date,
          l’heure, votre adresse IP et votre appareil sont enregistrés dans le dossier de preuve.
        </p>
      ) : null}
      {open ? (
        <div className="signing-sheet__actions">
          <button type="button" className="button button--ghost" onClick={onClear}>
            Effacer
          </button>
          <button type="button" className="button button--ghost" onClick={() => onClose(false)}>
            Annuler
          </button>
          {lastStep ? (
            <button
              type="button"
              className="button button--primary"
              onClick={(event) => {
                // The form it sits in signs (its checks and messages are the form's), then the
                // sheet closes onto the form, where the outcome shows.
                event.currentTarget.form?.requestSubmit()
                onClose(true)
              }}
            >
              Signer le devis
            </button>
          ) : (
            <button type="button" className="button button--primary" onClick={() => onClose(true)}>
              Valider
            </button>
          )}
        </div>
      ) : null}
    </div>
  )
}

/** Tab and Shift+Tab stay among the sheet's buttons while it is open. */
function trapFocus(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return
  const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])'))
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (first === undefined || last === undefined) return
  if (event.shiftKey && (document.activeElement === first || document.activeElement === event.currentTarget)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
