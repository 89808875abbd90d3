import t from 'tap'
import fc from 'fast-check'
import { formatDateTime, formatDateTimeWithZone, formatLongDate } from '../src/dates.js'

// The long date users read must not change with the implementation: Intl's fr-FR text is the reference.
const intl = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' })

t.test('a calendar day reads as Intl writes it in French', async (t) => {
  t.equal(formatLongDate('2026-11-21'), '21 novembre 2026')
  t.equal(formatLongDate('2026-08-01'), '1 août 2026')
  t.equal(formatLongDate('2026-02-15T10:00:00Z'), '15 février 2026', 'an instant: its day as written')
  fc.assert(
    fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
      const day = date.toISOString().slice(0, 10)
      t.equal(formatLongDate(day), intl.format(new Date(`${day}T00:00:00Z`)))
    }),
    { numRuns: 2000 }
  )
})

t.test('what is not a date is shown as it is', async (t) => {
  t.equal(formatLongDate('bientôt'), 'bientôt')
  t.equal(formatLongDate(''), '')
})

t.test('a time reads in Paris time, with its date and no offset', async (t) => {
  t.equal(formatDateTime('2026-11-21T13:05:00Z'), '21 novembre 2026 à 14:05', 'winter: UTC+1')
  t.equal(formatDateTime(new Date('2026-07-01T08:05:00Z')), '1 juillet 2026 à 10:05', 'summer: UTC+2')
  t.equal(formatDateTime('2026-12-31T23:30:00Z'), '1 janvier 2027 à 00:30', 'the Paris day, not the UTC one')
  t.notMatch(formatDateTime('2026-11-21T13:05:00Z'), /UTC|GMT/)
  t.equal(formatDateTimeWithZone('2026-11-21T13:05:00Z'), '21 novembre 2026 à 14:05 (heure de Paris)', 'evidence names the zone')
})
