// The saved items as a list: designation, category, unit, price HT and rate, with « Modifier »
// and a confirmed « Supprimer ». Pure view.
import type { ReactNode } from 'react'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import type { SavedItem } from '@/lib/items-api'

export interface ItemsTableProps {
  items: readonly SavedItem[]
  working: boolean
  /** The item asked to be deleted, waiting for its confirmation. */
  confirmingDelete: string | null
  /** The edited item's id and its form, shown in place of its row. */
  editing: { id: string; form: ReactNode } | null
  onEdit: (item: SavedItem) => void
  onAskDelete: (item: SavedItem | null) => void
  onDelete: (item: SavedItem) => void
}

export function ItemsTable({ items, working, confirmingDelete, editing, onEdit, onAskDelete, onDelete }: ItemsTableProps) {
  return (
    <ul className="items-list">
      {items.map((item) =>
        editing?.id === item.id ? (
          <li key={item.id} className="items-list__item items-list__item--editing">
            {editing.form}
          </li>
        ) : (
          <li key={item.id} className="items-list__item">
            <span className="items-list__what">
              <strong className="items-list__designation">{item.designation}</strong>
              {item.category === '' ? null : <span className="badge">{item.category}</span>}
            </span>
            <span className="items-list__price">
              {formatEuros(item.unitPriceCents)} HT / {item.unit} · TVA {formatVatRate(item.vatRateBp)}
            </span>
            {confirmingDelete === item.id ? (
              <span className="items-list__actions">
                <button type="button" className="button button--danger button--small" disabled={working} onClick={() => onDelete(item)}>
                  Confirmer la suppression
                </button>
                <button type="button" className="button button--ghost button--small" onClick={() => onAskDelete(null)}>
                  Annuler
                </button>
              </span>
            ) : (
              <span className="items-list__actions">
                <button type="button" className="button button--ghost button--small" disabled={working} onClick={() => onEdit(item)} aria-label={`Modifier ${item.designation}`}>
                  Modifier
                </button>
                <button type="button" className="button button--ghost button--small" disabled={working} onClick={() => onAskDelete(item)} aria-label={`Supprimer ${item.designation}`}>
                  Supprimer
                </button>
              </span>
            )}
          </li>
        )
      )}
    </ul>
  )
}
