import type { FormEvent } from 'react'
import type { QuoteCounts } from '@paraphe/shared/api/quote-schemas'
import { QUOTE_LIST_FILTERS, QUOTE_LIST_FILTER_LABELS, type QuoteListFilter } from '@paraphe/shared/quote'

export interface QuoteFiltersFormProps {
  /** The search text being typed (applied on submit). */
  q: string
  status: QuoteListFilter | null
  /** How many quotes the search matches per status, once the list has answered. */
  counts: QuoteCounts | null
  onQChange: (q: string) => void
  /** A status applies at once; the search with it. */
  onStatusChange: (status: QuoteListFilter | null) => void
  onSubmit: () => void
  /** Inert until hydration (a click would submit the form natively). */
  disabled: boolean
}

/** Search and status filter of the quotes list. */
export function QuoteFiltersForm({ q, status, counts, onQChange, onStatusChange, onSubmit, disabled }: QuoteFiltersFormProps) {
  const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form className="quote-filters" role="search" aria-label="Rechercher parmi vos devis" onSubmit={submit}>
      <div className="field quote-filters__search">
        <label htmlFor="quotes-q">Rechercher</label>
        <p className="field__hint" id="quotes-q-hint">
          Numéro, titre, nom, société ou e-mail du client
        </p>
        <input
          id="quotes-q"
          name="q"
          type="search"
          value={q}
          onChange={(event) => onQChange(event.target.value)}
          aria-describedby="quotes-q-hint"
          maxLength={200}
          autoComplete="off"
          disabled={disabled}
        />
      </div>
      <div className="field quote-filters__status">
        <label htmlFor="quotes-status">Statut</label>
        <select
          id="quotes-status"
          name="status"
          value={status ?? ''}
          onChange={(event) => onStatusChange(event.target.value === '' ? null : (event.target.value as QuoteListFilter))}
          disabled={disabled}
        >
          <option value="">{counted('Tous les statuts', counts?.all)}</option>
          {QUOTE_LIST_FILTERS.map((value) => (
            <option key={value} value={value}>
              {counted(QUOTE_LIST_FILTER_LABELS[value], counts?.[value])}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--ghost quote-filters__submit" disabled={disabled}>
        Rechercher
      </button>
    </form>
  )
}
