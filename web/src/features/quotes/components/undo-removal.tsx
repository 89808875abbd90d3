// The banner after a row is removed: « Ligne 3 supprimée — Annuler », for a few seconds. Its region
// is always on the page, so screen readers announce what appears in it; it stays while the
// pointer or the focus is on it (WCAG 2.2.1: time enough to reach the button).
import { useEffect, useState } from 'react'
import { UNDO_BUTTON_ID } from '../lib/field-ids'
import type { RemovedRow } from '../lib/line-commands'

/** How long « Annuler » is offered once nothing holds the banner. */
export const UNDO_MS = 8000

export interface UndoRemovalProps {
  removed: RemovedRow | null
  onUndo: (row: RemovedRow) => void
  onExpire: () => void
}

export function UndoRemoval({ removed, onUndo, onExpire }: UndoRemovalProps) {
  const [held, setHeld] = useState({ pointer: false, focus: false })
  const holding = held.pointer || held.focus
  useEffect(() => {
    if (removed === null || holding) return
    const timer = setTimeout(onExpire, UNDO_MS)
    return () => clearTimeout(timer)
  }, [removed, holding, onExpire])
  return (
    <div
      className={removed === null ? 'undo-removal' : 'undo-removal undo-removal--shown'}
      role="status"
      onPointerEnter={() => setHeld((state) => ({ ...state, pointer: true }))}
      onPointerLeave={() => setHeld((state) => ({ ...state, pointer: false }))}
      onFocus={() => setHeld((state) => ({ ...state, focus: true }))}
      onBlur={() => setHeld((state) => ({ ...state, focus: false }))}
    >
      {removed === null ? null : (
        <>
          <span className="undo-removal__text">{removed.name} supprimée</span>
          <button type="button" id={UNDO_BUTTON_ID} className="button button--small undo-removal__button" onClick={() => onUndo(removed)}>
            Annuler
          </button>
        </>
      )}
    </div>
  )
}
