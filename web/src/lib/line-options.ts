// The choices of a priced line's unit and VAT rate, as the quote editor and the Articles page
// offer them: « m² (mètre carré) », « 5,5 % ».
import { formatVatRate, VAT_RATES_BP } from '@paraphe/shared/money'
import { UNIT_LABELS, UNITS } from '@paraphe/shared/quote'

export const UNIT_OPTIONS = UNITS.map((unit) => ({
  value: unit,
  label: unit === UNIT_LABELS[unit] ? unit : `${unit} (${UNIT_LABELS[unit]})`
}))
export const VAT_OPTIONS = VAT_RATES_BP.map((rate) => ({ value: String(rate), label: formatVatRate(rate) }))

/** The units by their short name only (« m² », « forfait »), as the quote editor's table shows them: its column stays narrow. */
export const UNIT_SHORT_OPTIONS = UNITS.map((unit) => ({ value: unit, label: unit }))
