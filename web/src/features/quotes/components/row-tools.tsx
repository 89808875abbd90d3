// What every row of the lines editor has: the handle to drag it, and its buttons to move it up,
// down, and remove it (the keyboard's and the screen reader's way to reorder).
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react'

export interface DragProps {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void
  onPointerMove: (event: Pick<PointerEvent<HTMLElement>, 'button' | 'clientY' | 'preventDefault'>) => void
  onPointerUp: (event: Pick<PointerEvent<HTMLElement>, 'button' | 'clientY' | 'preventDefault'>) => void
  onPointerCancel: () => void
}

/** What the editor gives each row. */
export interface RowProps {
  index: number
  count: number
  onMove: (id: string, by: -1 | 1) => void
  /** `byKeyboard`: the button was pressed with Enter or Space (the focus then goes to « Annuler »). */
  onRemove: (id: string, byKeyboard: boolean) => void
  onKeyDown: (id: string, event: KeyboardEvent<HTMLElement>) => void
  drag: DragProps
  /** This row is being dragged. */
  dragging: boolean
  /** The drop marker, above or below this row, while another row is dragged here. */
  dropMark?: 'before' | 'after' | null
}

/** The row's classes: a line or a section, dragged, or showing where the dragged row lands. */
export function rowClass(kind: 'line' | 'section', { dragging, dropMark }: Pick<RowProps, 'dragging' | 'dropMark'>): string {
  return [
    'line-card',
    kind === 'section' ? 'line-card--section' : null,
    dragging ? 'line-card--dragging' : null,
    dropMark === 'before' ? 'line-card--drop-before' : dropMark === 'after' ? 'line-card--drop-after' : null
  ]
    .filter(Boolean)
    .join(' ')
}

/** Pointer only: the keyboard moves rows with the buttons or Alt+↑/↓, so the handle is not a stop. */
export function DragHandle({ label, ...drag }: DragProps & { label: string }) {
  return (
    <span className="line-card__handle" title={`Glisser pour déplacer la ${label}`} aria-hidden="true" {...drag}>
      ⠿
    </span>
  )
}

export function RowTools({
  id,
  name,
  index,
  count,
  onMove,
  onRemove,
  children
}: Pick<RowProps, 'index' | 'count' | 'onMove' | 'onRemove'> & { id: string; name: string; children?: ReactNode }) {
  return (
    <div className="line-card__tools">
      <button
        type="button"
        id={`line-${id}-up`}
        className="button button--ghost button--small"
        onClick={() => onMove(id, -1)}
        disabled={index === 0}
        aria-label={`Monter ${name}`}
        title="Monter (Alt+↑)"
      >
        <span aria-hidden="true">↑</span>
        <span className="line-card__tool-text">Monter</span>
      </button>
      <button
        type="button"
        id={`line-${id}-down`}
        className="button button--ghost button--small"
        onClick={() => onMove(id, 1)}
        disabled={index === count - 1}
        aria-label={`Descendre ${name}`}
        title="Descendre (Alt+↓)"
      >
        <span aria-hidden="true">↓</span>
        <span className="line-card__tool-text">Descendre</span>
      </button>
      {children}
      <button
        type="button"
        className="button button--ghost button--small button--danger line-card__remove"
        // A click from Enter or Space has no pointer, so no click count.
        onClick={(event) => onRemove(id, event.detail === 0)}
        aria-label={`Supprimer ${name}`}
      >
        Supprimer
      </button>
    </div>
  )
}
