import { useRef, useState, type PointerEvent } from 'react'
import { dragHandlers, type DragState } from '../lib/line-drag'

export interface LineDrag {
  /** The row being dragged and where it would land, or null. */
  dragging: DragState
  handleProps: (id: string, index: number) => ReturnType<typeof dragHandlers>
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
 * pointer is captured by the handle, the rows' middles say where it lands (lib/line-drag.ts). The
 * keyboard does the same with the row's buttons and Alt+↑/↓.
 */
export function useLineDrag(rowsSelector: string, onDrop: (id: string, to: number) => void): LineDrag {
  const [dragging, setDragging] = useState<DragState>(null)
  const from = useRef(-1)
  return {
    dragging,
    handleProps: (id, index) =>
      dragHandlers(id, index, {
        dragging,
        setDragging,
        from,
        middles: () => rowMiddles(rowsSelector),
        onDrop,
        capture: (event: PointerEvent<HTMLElement>) => event.currentTarget.setPointerCapture(event.pointerId)
      })
  }
}
