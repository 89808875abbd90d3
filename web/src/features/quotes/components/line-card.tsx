import { memo, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { DragHandle, RowTools, rowClass, type RowProps } from './row-tools'
import { formatEuros, type VatRateBp } from '@paraphe/shared/money'
import { TEXT_LIMITS, type Unit } from '@paraphe/shared/quote'
import { InputField, SelectField, TextAreaField } from '@/components/form/form-fields'
import { VAT_OPTIONS, type UNIT_OPTIONS } from '@/lib/line-options'
import { lineControlId } from '../lib/field-ids'
import type { EditorAction, FieldErrors, LineForm } from '../lib/quote-form'
import { useItemSuggestions } from '../hooks/use-item-suggestions'
import { useTypedText } from '../hooks/use-typed-text'
import { ItemSuggestions, SaveAsItemButton } from './line-item-tools'
import { DiscountField } from './discount-field'

/** The fields of a line that carry their own error, by their content path's last part. */
const LINE_ERROR_FIELDS = ['description', 'quantityMilli', 'unitPriceCents', 'vatRateBp', 'discountBp', 'discountCents'] as const
export type LineErrors = Partial<Record<(typeof LINE_ERROR_FIELDS)[number], string>>
/** A line without errors: one object for all, so a memoised row sees no change. */
export const NO_LINE_ERRORS: LineErrors = Object.freeze({})

/** The errors of the line at `index` only; the same object as `previous` when they are the same, so the row is not drawn again. */
export function lineErrorsOf(errors: FieldErrors, index: number, previous?: LineErrors): LineErrors {
  const own: LineErrors = {}
  for (const field of LINE_ERROR_FIELDS) {
    const message = errors[`lines.${index}.${field}`]
    if (message !== undefined) own[field] = message
  }
  if (Object.keys(own).length === 0) return NO_LINE_ERRORS
  const same = previous !== undefined && LINE_ERROR_FIELDS.every((field) => previous[field] === own[field])
  return same ? previous : own
}

export interface LineCardProps extends RowProps {
  line: LineForm
  /** HT of the line, null while one of its values cannot be read. */
  htCents: number | null
  /** This line's errors only (lineErrorsOf). */
  errors: LineErrors
  franchiseEnBase: boolean
  /** The unit menu's choices: short names in the table, whole ones on a phone (the same array while the width stays). */
  unitOptions: typeof UNIT_OPTIONS
  dispatch: (action: EditorAction) => void
}

/**
 * One line of the quote: stacked fields on a phone, a row of the table on a wide screen. Memoised:
 * typing in one row of a 200-line quote draws that row again, not the others (the editor's
 * handlers are stable and each row gets its own values).
 */
export const LineCard = memo(function LineCard({ line, htCents, errors, franchiseEnBase, unitOptions, dispatch, ...row }: LineCardProps) {
  const { index } = row
  const n = index + 1
  const id = (control: Parameters<typeof lineControlId>[1]) => lineControlId(line.id, control)
  const setText = (key: 'description' | 'quantity' | 'unitPrice' | 'discount') => (value: string) =>
    dispatch({ type: 'line', id: line.id, key, value })
  const [description, typeDescription] = useTypedText(line.description, setText('description'))
  const [quantity, typeQuantity] = useTypedText(line.quantity, setText('quantity'))
  const [unitPrice, typeUnitPrice] = useTypedText(line.unitPrice, setText('unitPrice'))
  const [discount, typeDiscount] = useTypedText(line.discount, setText('discount'))
  // What is being typed in the designation, while it is: saved items matching it are offered.
  const [typing, setTyping] = useState<string | null>(null)
  const suggestions = useItemSuggestions(typing)
  const leaveDesignation = (event: FocusEvent<HTMLDivElement>) => {
    // Moving to one of the offered items keeps them; leaving the designation and its offers closes them.
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setTyping(null)
  }
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && typing !== null) {
      setTyping(null)
      document.getElementById(id('description'))?.focus()
    }
  }
  return (
    <li className={rowClass('line', row)} data-line-id={line.id} onKeyDown={(event) => row.onKeyDown(line.id, event)}>
      <fieldset className="line-card__fieldset">
        <legend className="line-card__legend">Ligne {n}</legend>
        <DragHandle label={`ligne ${n}`} {...row.drag} />
        <div className="line-card__designation" onBlur={leaveDesignation} onKeyDown={closeOnEscape}>
          <TextAreaField
            id={id('description')}
            label="Désignation"
            hint={
              index === 0
                ? 'Ce qui est fourni ou réalisé (main-d’œuvre, fournitures, déplacement…) ; vos articles enregistrés sont proposés dès 2 lettres.'
                : undefined
            }
            value={description}
            onChange={(value) => {
              typeDescription(value)
              setTyping(value)
            }}
            rows={2}
            maxLength={TEXT_LIMITS.description}
            error={errors.description}
            className="line-card__description"
          />
          <ItemSuggestions
            lineNumber={n}
            items={suggestions}
            onPick={(item) => {
              dispatch({
                type: 'line-item',
                id: line.id,
                item: { description: item.designation, unit: item.unit, unitPriceCents: item.unitPriceCents, vatRateBp: item.vatRateBp }
              })
              setTyping(null)
              document.getElementById(id('quantity'))?.focus()
            }}
          />
        </div>
        <div className="line-card__amounts">
          <InputField
            id={id('quantity')}
            label="Quantité"
            value={quantity}
            onChange={typeQuantity}
            inputMode="decimal"
            error={errors.quantityMilli}
          />
          <SelectField<Unit>
            id={id('unit')}
            label="Unité"
            value={line.unit}
            options={unitOptions}
            onChange={(value) => dispatch({ type: 'line-unit', id: line.id, value })}
          />
          <InputField
            id={id('price')}
            label="Prix unitaire HT"
            value={unitPrice}
            onChange={typeUnitPrice}
            inputMode="decimal"
            suffix="€"
            placeholder="0,00"
            error={errors.unitPriceCents}
          />
          {franchiseEnBase ? null : (
            <SelectField
              id={id('vat')}
              label="TVA"
              value={String(line.vatRateBp)}
              options={VAT_OPTIONS}
              // The options are the allowed rates.
              onChange={(value) => dispatch({ type: 'line-vat', id: line.id, value: Number(value) as VatRateBp })}
              error={errors.vatRateBp}
            />
          )}
          <DiscountField
            id={id('discount')}
            lineNumber={n}
            value={discount}
            unit={line.discountUnit}
            onChange={typeDiscount}
            onUnit={(value) => dispatch({ type: 'line-discount-unit', id: line.id, value })}
            error={errors.discountBp ?? errors.discountCents}
          />
        </div>
        <p className="line-card__total">
          <span className="line-card__total-label">Total HT de la ligne&#8239;: </span>
          <strong>{htCents === null ? '—' : formatEuros(htCents)}</strong>
        </p>
        <RowTools id={line.id} name={`la ligne ${n}`} {...row}>
          <SaveAsItemButton line={line} lineNumber={n} />
        </RowTools>
      </fieldset>
    </li>
  )
})
