// Integers shown back in the editor's text fields, the way the parsers of
// @paraphe/shared/decimal-input read them (so what is shown is what is saved).

/** 1500 thousandths → « 1,5 »; 2000 → « 2 ». */
export function formatQuantityInput(quantityMilli: number): string {
  const whole = Math.trunc(quantityMilli / 1000)
  const fraction = String(quantityMilli % 1000).padStart(3, '0').replace(/0+$/, '')
  return fraction === '' ? String(whole) : `${whole},${fraction}`
}

/** 123450 cents → « 1 234,50 » (plain spaces, easy to edit). */
export function formatCentsInput(cents: number): string {
  const euros = String(Math.trunc(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return `${euros},${String(cents % 100).padStart(2, '0')}`
}
