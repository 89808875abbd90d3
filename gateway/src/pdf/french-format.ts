// Quantities as a French reader expects them on the document (money and VAT rates come from
// @paraphe/shared/money, dates from @paraphe/shared/dates: one place formats each).

const quantity = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 })

/** Quantity in thousandths → `1,5`, `12`, `1 250,125` (fr-FR, up to 3 decimals). */
export function formatQuantity(quantityMilli: number): string {
  return quantity.format(quantityMilli / 1000)
}
