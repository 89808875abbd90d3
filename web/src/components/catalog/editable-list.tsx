// The rows of a catalogue page (saved clients, Articles): each row's own summary, with
// « Modifier » (its form shown in place of the row) and a confirmed « Supprimer ». A render
// function rather than a component, so a page's list is one tree its view tests can walk.
import type { ReactNode } from 'react'

export interface EditableListProps<Row extends { id: string }> {
  rows: readonly Row[]
  working: boolean
  /** The row asked to be deleted, waiting for its confirmation. */
  confirmingDelete: string | null
  /** The edited row's id and its form, shown in place of the row. */
  editing: { id: string; form: ReactNode } | null
  onEdit: (row: Row) => void
  onAskDelete: (row: Row | null) => void
  onDelete: (row: Row) => void
}

/** The buttons' accessible names say which row they act on (« Modifier Syndic Bellevue »). */
export function renderEditableList<Row extends { id: string }>(
  { rows, working, confirmingDelete, editing, onEdit, onAskDelete, onDelete }: EditableListProps<Row>,
  nameOf: (row: Row) => string,
  summaryOf: (row: Row, name: string) => ReactNode
): ReactNode {
  return (
    <ul className="items-list">
      {rows.map((row) => {
        if (editing?.id === row.id) {
          return (
            <li key={row.id} className="items-list__item items-list__item--editing">
              {editing.form}
            </li>
          )
        }
        const name = nameOf(row)
        return (
          <li key={row.id} className="items-list__item">
            {summaryOf(row, name)}
            {confirmingDelete === row.id ? (
              <span className="items-list__actions">
                <button type="button" className="button button--danger button--small" disabled={working} onClick={() => onDelete(row)}>
                  Confirmer la suppression
                </button>
                <button type="button" className="button button--ghost button--small" onClick={() => onAskDelete(null)}>
                  Annuler
                </button>
              </span>
            ) : (
              <span className="items-list__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={working}
                  onClick={() => onEdit(row)}
                  aria-label={`Modifier ${name}`}
                >
                  Modifier
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={working}
                  onClick={() => onAskDelete(row)}
                  aria-label={`Supprimer ${name}`}
                >
                  Supprimer
                </button>
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
