// Dragging a row of the lines editor by its handle, as pointer handlers that take what they need
// (the state, the rows' middles, the capture) so they run in Node tests as in the browser.
import type { PointerEvent } from 'react'
import { dropIndex } from './line-keys'

/** The row being dragged and where it would land, or null. */
export type DragState = { id: string; to: number } | null

export interface DragContext {
  /** Read at each event (the editor gives a getter), so one set of handlers serves a whole drag. */
  readonly dragging: DragState
  setDragging: (state: DragState) => void
  /** Where the dragged row was when the drag began. */
  from: { current: number }
  middles: () => number[]
  onDrop: (id: string, to: number) => void
  capture: (event: PointerEvent<HTMLElement>) => void
}

type PointerLike = Pick<PointerEvent<HTMLElement>, 'button' | 'clientY' | 'preventDefault'>

export function dragHandlers(id: string, index: number, context: DragContext) {
  const { setDragging, from } = context
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
      if (context.dragging?.id === id) setDragging({ id, to: landing(event) })
    },
    onPointerUp: (event: PointerLike) => {
      if (context.dragging?.id !== id) return
      setDragging(null)
      context.onDrop(id, landing(event))
    },
    onPointerCancel: () => setDragging(null)
  }
}

/**
 * Where the drop marker stands on the row `index` during a drag: the line between rows that the
 * dragged row would land on (above the row it would take the place of when going up, below it
 * when going down); null elsewhere and while it would stay where it was.
 */
export function dropMark(state: DragState, from: number, index: number): 'before' | 'after' | null {
  if (state === null || state.to === from || state.to !== index) return null
  return state.to < from ? 'before' : 'after'
}
