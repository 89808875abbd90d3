import t from 'tap'
import fc from 'fast-check'
import { divRoundHalfUp, formatEuros, formatVatRate, ttcCents, vatCents } from '../src/money.js'

t.test('VAT is rounded half-up to the cent', async (t) => {
  t.equal(vatCents(1400, 2000), 280)
  t.equal(vatCents(1, 550), 0, '0,055 c → 0')
  t.equal(vatCents(10, 550), 1, '0,55 c → 1')
  t.equal(vatCents(1000, 210), 21)
  t.equal(vatCents(-10, 550), -1, 'half away from zero for credits')
  t.equal(ttcCents(39000, 2000), 46800)
  t.throws(() => vatCents(10.5, 2000), RangeError)
  t.throws(() => divRoundHalfUp(1n, 0n), RangeError)
})

t.test('VAT matches an exact decimal reference for any amount and rate', async () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom(0, 210, 550, 1000, 2000), (ht, rate) => {
      // Reference: exact product in units of 1/10000 cent, rounded half-up with integers only.
      const exact = BigInt(ht) * BigInt(rate)
      const floor = exact / 10000n
      const expected = exact % 10000n >= 5000n ? floor + 1n : floor
      return vatCents(ht, rate) === Number(expected)
    })
  )
})

t.test('euros are formatted the French way', async (t) => {
  t.equal(formatEuros(1234567), '12\u202f345,67\u00a0€')
  t.equal(formatEuros(1400, { dropZeroCents: true }), '14\u00a0€')
  t.equal(formatEuros(1450, { dropZeroCents: true }), '14,50\u00a0€')
  t.equal(formatEuros(0), '0,00\u00a0€')
  t.equal(formatVatRate(550), '5,5\u202f%')
  t.equal(formatVatRate(2000), '20\u202f%')
})
