import { useRef, useState, type PointerEvent } from 'react'
import { dropIndex } from '../lib/line-keys'

export interface LineDrag {
  /** The row being dragged and where it would land, or null. */
  dragging: { id: string; to: number } | null
  handleProps: (id: string, index: number) => {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void
    onPointerMove: (event: PointerEvent<HTMLElement>) => void
    onPointerUp: (event: PointerEvent<HTMLElement>) => void
    onPointerCancel: () => void
  }
}

/**
 * Reordering by dragging a row's handle, with pointer events (mouse, pen and finger alike): the
 * pointer is captured by the handle, the rows' middles say where it lands. The keyboard does the
 * same with the row's buttons and Alt+↑/↓.
 */
export function useLineDrag(rowsSelector: string, onDrop: (id: string, from: number, to: number) => void): LineDrag {
  const [dragging, setDragging] = useState<{ id: string; to: number } | null>(null)
  const from = useRef(-1)
  const landing = (event: PointerEvent<HTMLElement>) => {
    const rows = [...document.querySelectorAll(rowsSelector)]
    const middles = rows.map((row) => {
      const box = row.getBoundingClientRect()
      return box.top + box.height / 2
    })
    return dropIndex(middles, event.clientY, from.current)
  }
  return {
    dragging,
    handleProps: (id, index) => ({
      onPointerDown: (event) => {
        if (event.button !== 0) return
        event.preventDefault()
        event.currentTarget.setPointerCapture(event.pointerId)
        from.current = index
        setDragging({ id, to: index })
      },
      onPointerMove: (event) => {
        if (dragging?.id === id) setDragging({ id, to: landing(event) })
      },
      onPointerUp: (event) => {
        if (dragging?.id !== id) return
        const to = landing(event)
        setDragging(null)
        if (to !== from.current) onDrop(id, from.current, to)
      },
      onPointerCancel: () => setDragging(null)
    })
  }
}
