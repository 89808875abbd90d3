// The reminder rule as the professional reads it before « Relancer »: when the client was last
// reminded and when the next reminder may go (the gateway refuses one within REMINDER_GAP_HOURS).
import { formatDateTime } from '@paraphe/shared/dates'
import { canRemindAt, nextReminderAt, REMINDER_GAP_HOURS } from '@paraphe/shared/reminders'

export interface ReminderRule {
  allowed: boolean
  text: string
}

/** « il y a 3 h », « il y a 12 min », « il y a 2 jours ». */
export function elapsedText(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000))
  if (minutes < 60) return `il y a ${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `il y a ${hours}\u00a0h`
  return `il y a ${Math.floor(hours / 24)} jours`
}

/** The last `reminded` event of the quote's history, if any (ISO instants sort as text). */
export function lastReminder(events: ReadonlyArray<{ type: string; occurredAt: string }>): Date | null {
  const times = events.filter((event) => event.type === 'reminded').map((event) => event.occurredAt)
  return times.length === 0 ? null : new Date(times.sort().at(-1) as string)
}

export function reminderRule(last: Date | null, now: Date): ReminderRule {
  if (last === null) {
    return {
      allowed: true,
      text: `Aucune relance pour l’instant. Un client est relancé au plus une fois toutes les ${REMINDER_GAP_HOURS}\u00a0heures.`
    }
  }
  const since = `Dernière relance ${elapsedText(last, now)}`
  if (canRemindAt(last, now)) return { allowed: true, text: `${since}.` }
  return { allowed: false, text: `${since} — prochaine possible le ${formatDateTime(nextReminderAt(last) as Date)}.` }
}
