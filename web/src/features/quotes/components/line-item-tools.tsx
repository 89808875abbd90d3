// A line's link with the saved items: the ones matching its designation offered while it is
// typed (a button each: keyboard, screen reader and thumb alike), and « Enregistrer dans mes
// articles » to keep the line for the next quotes.
import { useState } from 'react'
import { parseEurosToCents } from '@paraphe/shared/decimal-input'
import { formatEuros } from '@paraphe/shared/money'
import { LIMITS } from '@paraphe/shared/quote-totals'
import type { SavedItemInput } from '@paraphe/shared/saved-items'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import { itemsApi, type SavedItem } from '@/lib/items-api'
import type { LineForm } from '../lib/quote-form'

export interface ItemSuggestionsProps {
  lineNumber: number
  items: readonly SavedItem[] | null
  onPick: (item: SavedItem) => void
}

/** The saved items matching the designation being typed. */
export function ItemSuggestions({ lineNumber, items, onPick }: ItemSuggestionsProps) {
  if (items === null) return null
  return (
    <div className="item-suggestions">
      <p className="visually-hidden" role="status">
        {items.length === 0
          ? ''
          : `${items.length} article${items.length > 1 ? 's' : ''} enregistré${items.length > 1 ? 's' : ''} correspond${items.length > 1 ? 'ent' : ''}.`}
      </p>
      {items.length === 0 ? null : (
        <ul className="item-suggestions__list" aria-label={`Articles enregistrés pour la ligne ${lineNumber}`}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="item-suggestions__item"
                // The designation keeps the focus while the pointer picks (Safari does not focus a
                // clicked button, so the list would close before the click lands).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(item)}
              >
                <span className="item-suggestions__designation">{item.designation}</span>
                <span className="item-suggestions__price">
                  {formatEuros(item.unitPriceCents)} HT / {item.unit}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A line as a saved item (its designation, unit, price and rate), or what to fix first. */
export function lineAsItem(line: LineForm): { ok: true; input: SavedItemInput } | { ok: false; message: string } {
  if (line.description.trim() === '') return { ok: false, message: 'Écrivez d’abord la désignation de la ligne.' }
  const price = line.unitPrice.trim() === '' ? { ok: true as const, value: 0 } : parseEurosToCents(line.unitPrice, LIMITS.maxUnitPriceCents)
  if (!price.ok) return { ok: false, message: 'Corrigez d’abord le prix de la ligne.' }
  return {
    ok: true,
    input: { designation: line.description, unit: line.unit, unitPriceCents: price.value, vatRateBp: line.vatRateBp, category: '' }
  }
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done' | 'failed'; text: string }

/** « Enregistrer dans mes articles »: the line's designation, unit, price and rate, kept for later. */
export function SaveAsItemButton({ line, lineNumber }: { line: LineForm; lineNumber: number }) {
  const { api } = useWorkspace()
  const [state, setState] = useState<SaveState>({ kind: 'idle' })
  async function save() {
    const item = lineAsItem(line)
    if (!item.ok) {
      setState({ kind: 'failed', text: item.message })
      return
    }
    setState({ kind: 'saving' })
    try {
      await itemsApi.create(api, item.input)
      setState({ kind: 'done', text: 'Enregistré dans vos articles.' })
    } catch (error) {
      setState({ kind: 'failed', text: asApiError(error).message })
    }
  }
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void save()}
        disabled={state.kind === 'saving'}
        aria-label={`Enregistrer la ligne ${lineNumber} dans mes articles`}
      >
        Enregistrer dans mes articles
      </button>
      {/* A live region without the status role: the editor's one status announces the lines' moves. */}
      <span className={state.kind === 'failed' ? 'line-card__saved line-card__saved--failed' : 'line-card__saved'} aria-live="polite">
        {state.kind === 'done' || state.kind === 'failed' ? state.text : ''}
      </span>
    </>
  )
}
