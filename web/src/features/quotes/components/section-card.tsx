import { memo } from 'react'
import { formatEuros } from '@paraphe/shared/money'
import { TEXT_LIMITS } from '@paraphe/shared/quote'
import { InputField } from '@/components/form/form-fields'
import { lineControlId } from '../lib/field-ids'
import type { EditorAction, SectionForm } from '../lib/quote-form'
import { DragHandle, RowTools, rowClass, type RowProps } from './row-tools'

export interface SectionCardProps extends RowProps {
  section: SectionForm
  /** HT of the lines under it, up to the next section. */
  subtotalCents: number
  error: string | undefined
  dispatch: (action: EditorAction) => void
}

/**
 * A section heading (« Lot 1 — Plomberie ») and the subtotal HT of its lines. Memoised: typing in
 * one row of a 200-line quote draws that row again, not the others (the editor's handlers are stable).
 */
export const SectionCard = memo(function SectionCard({ section, subtotalCents, error, dispatch, ...row }: SectionCardProps) {
  const n = row.index + 1
  return (
    <li className={rowClass('section', row)} data-line-id={section.id} onKeyDown={(event) => row.onKeyDown(section.id, event)}>
      <fieldset className="line-card__fieldset">
        <legend className="line-card__legend">Section (ligne {n})</legend>
        <DragHandle label={`section ${n}`} {...row.drag} />
        <InputField
          id={lineControlId(section.id, 'title')}
          label="Titre de la section"
          placeholder="Lot 1 — Plomberie"
          value={section.title}
          onChange={(value) => dispatch({ type: 'section-title', id: section.id, value })}
          maxLength={TEXT_LIMITS.short}
          error={error}
          className="line-card__title"
        />
        <p className="line-card__total">
          <span className="line-card__total-label">Sous-total HT&#8239;: </span>
          <strong>{formatEuros(subtotalCents)}</strong>
        </p>
        <RowTools id={section.id} name={`la section ${n}`} {...row} />
      </fieldset>
    </li>
  )
})
