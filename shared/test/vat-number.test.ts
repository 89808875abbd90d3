// The VAT number a professional no longer types: computed from the SIRET (or the SIREN) with the
// key the tax office uses, and accepted by the same check the profile's save goes through.
import t from 'tap'
import { vatNumberOfSiret, vatNumberProblem } from '../src/company.js'

t.test('FR + key + SIREN from a SIRET or a SIREN, typed with spaces or not', async (t) => {
  t.equal(vatNumberOfSiret('732 829 320 00074'), 'FR44732829320', 'the SIRET of the tests')
  t.equal(vatNumberOfSiret('732829320'), 'FR44732829320', 'its SIREN alone')
  // By hand: 732829320 mod 97 = 43, (12 + 3 × 43) mod 97 = 141 mod 97 = 44.
  t.equal(vatNumberOfSiret('000000001 00001'), 'FR15000000001', '(12 + 3 × 1) mod 97 = 15')
  t.equal(vatNumberOfSiret('000000030'), 'FR05000000030', '(12 + 3 × 30) mod 97 = 5: a key below 10 keeps its two digits')
  t.equal(vatNumberProblem(vatNumberOfSiret('732 829 320 00074') ?? ''), null, 'the profile accepts what is computed')
})

t.test('nothing until the number is whole', async (t) => {
  for (const partial of ['', '7328', '73282932000', '732 829 320 0007', 'abc']) t.equal(vatNumberOfSiret(partial), null, `« ${partial} »`)
})
