import { useCallback, useRef, useState, type PointerEvent } from 'react'
import { dragHandlers, dropMark, type DragState } from '../lib/line-drag'

export interface LineDrag {
  /** The row being dragged and where it would land, or null. */
  dragging: DragState
  /** The same handlers for a row as long as it keeps its place, so a memoised row is not drawn again. */
  handleProps: (id: string, index: number) => ReturnType<typeof dragHandlers>
  /** The drop marker on the row `index`: above it, below it, or none. */
  markAt: (index: number) => 'before' | 'after' | null
}

/** The rows' vertical middles on the screen, in order. */
function rowMiddles(selector: string): number[] {
  return [...document.querySelectorAll(selector)].map((row) => {
    const box = row.getBoundingClientRect()
    return box.top + box.height / 2
  })
}

/**
 * Reordering by dragging a row's handle, with pointer events (mouse, pen and finger alike): the
 * pointer is captured by the handle, the rows' middles say where it lands (lib/line-drag.ts), and
 * a marker shows it between the rows. The keyboard does the same with the row's buttons and
 * Alt+↑/↓.
 */
export function useLineDrag(rowsSelector: string, onDrop: (id: string, to: number) => void): LineDrag {
  const [dragging, setState] = useState<DragState>(null)
  const from = useRef(-1)
  // The handlers read these at each event: they are made once per row and place.
  const current = useRef<DragState>(null)
  const drop = useRef(onDrop)
  drop.current = onDrop
  const made = useRef(new Map<string, { index: number; handlers: ReturnType<typeof dragHandlers> }>())
  const handleProps = useCallback(
    (id: string, index: number) => {
      const known = made.current.get(id)
      if (known !== undefined && known.index === index) return known.handlers
      const handlers = dragHandlers(id, index, {
        get dragging() {
          return current.current
        },
        setDragging: (state) => {
          current.current = state
          setState(state)
        },
        from,
        middles: () => rowMiddles(rowsSelector),
        onDrop: (row, to) => drop.current(row, to),
        capture: (event: PointerEvent<HTMLElement>) => event.currentTarget.setPointerCapture(event.pointerId)
      })
      made.current.set(id, { index, handlers })
      return handlers
    },
    [rowsSelector]
  )
  return { dragging, handleProps, markAt: (index) => dropMark(dragging, from.current, index) }
}
