// Numbers as fr-FR writes them (« 1 234,5 »), from integers, without Intl: the first
// Intl.NumberFormat a page builds costs 20 ms or more on a phone (its locale data), a long task
// on the client's signing page. Same text as Intl's fr-FR for every safe integer (tested); other numbers go to Intl.

/** Narrow no-break space: fr-FR's group separator. */
const GROUP = '\u202f'

/**
 * `units` counted in 10^-decimals (cents: 2, thousandths: 3), written with up to `decimals`
 * decimals, trailing zeros dropped down to `minDecimals`: (123450, 2) → « 1 234,5 »,
 * (123450, 2, 2) → « 1 234,50 ». Like Intl.NumberFormat('fr-FR') with
 * maximumFractionDigits = decimals and minimumFractionDigits = minDecimals.
 */
export function formatFrenchNumber(units: number, decimals = 0, minDecimals = 0): string {
  // Anything else (never sent by the API, whose amounts are integers) goes to Intl, as before.
  if (!Number.isSafeInteger(units)) {
    return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: minDecimals, maximumFractionDigits: decimals }).format(
      units / 10 ** decimals
    )
  }
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  let fraction = digits.slice(digits.length - decimals)
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, GROUP)
  return `${units < 0 ? '-' : ''}${grouped}${fraction === '' ? '' : `,${fraction}`}`
}
