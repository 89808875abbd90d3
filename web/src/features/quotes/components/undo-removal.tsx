// The banner after a row is removed: « Ligne 3 supprimée — Annuler », for a few seconds. Its region
// is always on the page, so screen readers announce what appears in it; it stays while the
// pointer or the focus is on it (WCAG 2.2.1: time enough to reach the button).
import { useEffect, useRef } from 'react'
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
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (removed === null) return
    // Asked when the time is up rather than followed by events: a button removed while focused
    // sends no blur, and a pointer resting on the banner no new event.
    const held = () => {
      const element = region.current
      return element !== null && (element.contains(document.activeElement) || element.matches(':hover'))
    }
    let timer: ReturnType<typeof setTimeout>
    const wait = () => {
      timer = setTimeout(() => (held() ? wait() : onExpire()), UNDO_MS)
    }
    wait()
    return () => clearTimeout(timer)
  }, [removed, onExpire])
  return (
    <div ref={region} className={removed === null ? 'undo-removal' : 'undo-removal undo-removal--shown'} role="status">
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
