import t from 'tap'
import fc from 'fast-check'
import { formatFrenchNumber } from '../src/french-number.js'

// What users read must not change with the implementation: Intl's fr-FR text is the reference.
const intl = (units: number, decimals: number, minDecimals: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: minDecimals, maximumFractionDigits: decimals }).format(units / 10 ** decimals)

t.test('amounts, quantities and rates read exactly as Intl writes them in French', async (t) => {
  t.equal(formatFrenchNumber(123450, 2, 2), '1\u202f234,50')
  t.equal(formatFrenchNumber(1250125, 3), '1\u202f250,125')
  t.equal(formatFrenchNumber(1500, 3), '1,5')
  t.equal(formatFrenchNumber(-5, 2, 2), '-0,05')
  t.equal(formatFrenchNumber(2000), '2\u202f000')
  for (const [decimals, minDecimals] of [
    [0, 0],
    [2, 2],
    [2, 0],
    [3, 0]
  ] as const) {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e15, max: 1e15 })), (units) => {
        t.equal(formatFrenchNumber(units, decimals, minDecimals), intl(units, decimals, minDecimals))
      }),
      { numRuns: 500 }
    )
  }
})

t.test('a number that is not an integer is still written, by Intl as before', async (t) => {
  t.equal(formatFrenchNumber(1500.5, 3), intl(1500.5, 3, 0))
})
