// A line's discount: the figure and its unit side by side, « 10 % » or « 50,00 € », so that 50
// never means a percentage the artisan did not intend.
import type { DiscountUnit } from '../lib/quote-form'

export interface DiscountFieldProps {
  /** The input's id; the unit's menu is `${id}-unit`. */
  id: string
  lineNumber: number
  value: string
  unit: DiscountUnit
  error: string | undefined
  onChange: (value: string) => void
  onUnit: (unit: DiscountUnit) => void
}

export function DiscountField({ id, lineNumber, value, unit, error, onChange, onUnit }: DiscountFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className={['field', 'discount-field', error === undefined ? null : 'field--invalid'].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        Remise<span className="field__optional"> (facultatif)</span>
      </label>
      <span className="discount-field__controls">
        <input
          id={id}
          name={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : errorId}
        />
        <select
          id={`${id}-unit`}
          name={`${id}-unit`}
          className="discount-field__unit"
          aria-label={`Unité de la remise, ligne ${lineNumber}`}
          value={unit}
          // The two options are the only values the menu holds.
          onChange={(event) => onUnit(event.target.value as DiscountUnit)}
        >
          <option value="percent">%</option>
          <option value="euros">€</option>
        </select>
      </span>
      {error === undefined ? null : (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}
