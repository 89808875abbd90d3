// The automatic reminders' delays as the professional types them (« 7, 15, 30 »): read into the
// days the gateway stores, or a French sentence saying what is wrong. The gateway's schema
// (1 to 365, at most MAX_INVOICE_REMINDERS) stays the authority; this only explains it first.
import { MAX_INVOICE_REMINDERS } from '@paraphe/shared/api/invoice-client-schemas'

export type ReadReminderDays = { ok: true; days: number[] } | { ok: false; problem: string }

export const formatReminderDays = (days: readonly number[]): string => days.join(', ')

export function readReminderDays(text: string): ReadReminderDays {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '')
  // Nothing typed: the professional wants no automatic reminder (« Relancer » by hand stays).
  if (parts.length === 0) return { ok: true, days: [] }
  const days: number[] = []
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) < 1 || Number(part) > 365) {
      return { ok: false, problem: `« ${part} » n’est pas un nombre de jours entre 1 et 365.` }
    }
    days.push(Number(part))
  }
  const distinct = [...new Set(days)].sort((a, b) => a - b)
  if (distinct.length > MAX_INVOICE_REMINDERS) {
    return { ok: false, problem: `Au plus ${MAX_INVOICE_REMINDERS} relances automatiques par facture.` }
  }
  return { ok: true, days: distinct }
}
