import type { VatRateBp } from '@paraphe/shared/money'
import { SelectField } from '@/components/form/form-fields'
import { VAT_OPTIONS } from '@/lib/line-options'
import { commonVatRate, type EditorAction, type EditorLine } from '../lib/quote-form'

const MIXED = 'mixed'

/**
 * « TVA de tout le devis »: one choice sets every line's rate (a renovation at 10 %, six lines),
 * each line's own select still changes it afterwards; lines added later take the last line's.
 */
export function QuoteVatField({ lines, dispatch }: { lines: readonly EditorLine[]; dispatch: (action: EditorAction) => void }) {
  const common = commonVatRate(lines)
  const options = common === null ? [{ value: MIXED, label: 'Taux différents selon les lignes' }, ...VAT_OPTIONS] : VAT_OPTIONS
  return (
    <div className="quote-vat-field">
      <SelectField
        id="quote-vat-all"
        label="TVA de tout le devis"
        hint="S’applique à chaque ligne&#8239;; vous pouvez ensuite changer le taux d’une ligne."
        value={common === null ? MIXED : String(common)}
        options={options}
        onChange={(value) => {
          // « Taux différents » only says what is; choosing it changes nothing.
          if (value !== MIXED) dispatch({ type: 'all-lines-vat', value: Number(value) as VatRateBp })
        }}
      />
    </div>
  )
}
