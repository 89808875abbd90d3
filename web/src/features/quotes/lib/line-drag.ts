// Dragging a row of the lines editor by its handle, as pointer handlers that take what they need
// (the state, the rows' middles, the capture) so they run in Node tests as in the browser.
import type { PointerEvent } from 'react'
import { dropIndex } from './line-keys'

/** The row being dragged and where it would land, or null. */
export type DragState = { id: string; to: number } | null

export interface DragContext {
  dragging: DragState
  setDragging: (state: DragState) => void
  /** Where the dragged row was when the drag began. */
  from: { current: number }
  middles: () => number[]
  onDrop: (id: string, to: number) => void
  capture: (event: PointerEvent<HTMLElement>) => void
}

type PointerLike = Pick<PointerEvent<HTMLElement>, 'button' | 'clientY' | 'preventDefault'>

export function dragHandlers(id: string, index: number, context: DragContext) {
  const { dragging, setDragging, from } = context
  const landing = (event: PointerLike) => dropIndex(context.middles(), event.clientY, from.current)
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return
      event.preventDefault()
      context.capture(event)
      from.current = index
      setDragging({ id, to: index })
    },
    onPointerMove: (event: PointerLike) => {
      if (dragging?.id === id) setDragging({ id, to: landing(event) })
    },
    onPointerUp: (event: PointerLike) => {
      if (dragging?.id !== id) return
      setDragging(null)
      context.onDrop(id, landing(event))
    },
    onPointerCancel: () => setDragging(null)
  }
}
