// When a client may be reminded of a quote waiting for their signature: the gateway enforces it,
// the workspace shows it before « Relancer ».

/** Days after sending when automatic reminders go out (at most one per entry), on the plans that include them. */
export const AUTOMATIC_REMINDER_DAYS = [3, 7] as const
/** A client is not reminded twice within this time, by hand or automatically. */
export const REMINDER_GAP_HOURS = 20

/** The first moment a new reminder is allowed after the last one (null: never reminded, allowed now). */
export function nextReminderAt(lastRemindedAt: Date | null): Date | null {
  return lastRemindedAt === null ? null : new Date(lastRemindedAt.getTime() + REMINDER_GAP_HOURS * 3_600_000)
}

/** May the client be reminded at `now`? */
export function canRemindAt(lastRemindedAt: Date | null, now: Date): boolean {
  const next = nextReminderAt(lastRemindedAt)
  return next === null || now.getTime() >= next.getTime()
}
