// Dates as French users read them: calendar days in Europe/Paris, long French format.
import { lazyValue } from './lazy-value.js'

export const TIME_ZONE = 'Europe/Paris'

// Built on first use: a page pays only for the formatters it shows (the first one it builds
// loads the locale's calendar data, several milliseconds on a phone).
const isoDay = lazyValue(() => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }))
const dateTime = lazyValue(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit'
    })
)

/** The calendar day in Paris at `instant`, as YYYY-MM-DD. */
export function parisIsoDate(instant: Date): string {
  return isoDay().format(instant)
}

const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre'
]

/** « 21 novembre 2026 » from YYYY-MM-DD; anything else is returned as it is (never throws). */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return isoDate
  // Written here rather than by Intl, whose first formatter costs a page 20 ms or more on a phone
  // (the client's signing page shows these dates and no other Intl text); the same words (tested).
  return `${date.getUTCDate()} ${FRENCH_MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`
}

/**
 * « 21 novembre 2026 à 14:32 »: an instant in Paris time, the one rule for the workspace and the
 * e-mails. No « UTC+1 »: French users read their own clock, and an offset reads as a fault.
 */
export function formatDateTime(instant: Date | string): string {
  return dateTime().format(typeof instant === 'string' ? new Date(instant) : instant)
}

/**
 * « 21 novembre 2026 à 14:32 (heure de Paris) »: for evidence (the signed PDF, the verification
 * page), read later by someone who may not be in France, where the zone must be named.
 */
export function formatDateTimeWithZone(instant: Date | string): string {
  return `${formatDateTime(instant)} (heure de Paris)`
}
