import { formatLongDate, parisIsoDate } from '@paraphe/shared/dates'

/** The day of an instant (a timestamp from the API) in Paris: « 21 novembre 2026 ». */
export function dayOf(instant: string): string {
  return formatLongDate(parisIsoDate(new Date(instant)))
}
