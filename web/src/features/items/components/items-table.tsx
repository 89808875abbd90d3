// The saved items as a list: designation, category, unit, price HT and rate, with « Modifier »
// and a confirmed « Supprimer ». Pure view.
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { renderEditableList, type EditableListProps } from '@/components/catalog/editable-list'
import type { SavedItem } from '@/lib/items-api'

export interface ItemsTableProps extends Omit<EditableListProps<SavedItem>, 'rows'> {
  items: readonly SavedItem[]
}

export function ItemsTable({ items, ...list }: ItemsTableProps) {
  return renderEditableList(
    { rows: items, ...list },
    (item) => item.designation,
    (item) => (
      <>
        <span className="items-list__what">
          <strong className="items-list__designation">{item.designation}</strong>
          {item.category === '' ? null : <span className="badge">{item.category}</span>}
        </span>
        <span className="items-list__price">
          {formatEuros(item.unitPriceCents)} HT / {item.unit} · TVA {formatVatRate(item.vatRateBp)}
        </span>
      </>
    )
  )
}
