// The words of /espace/abonnement, from the gateway's subscription state: fr-FR dates, the usage
// sentence, the status in French.
import type { BillingInterval } from '@paraphe/shared/plans'

const DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' })

/** `2026-12-21T10:00:00Z` → « 21 décembre 2026 »; null for a missing or unreadable date. */
export function formatRenewalDate(iso: string | null): string | null {
  if (iso === null) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : DATE.format(date)
}

export const INTERVAL_TEXT: Record<BillingInterval, string> = { month: 'Mensuelle', year: 'Annuelle' }

/** « 2 devis envoyés sur 3 ce mois-ci », or without a limit « 12 devis envoyés ce mois-ci ». */
export function usageText(sent: number, limit: number | null): string {
  const quotes = `${sent} devis ${sent > 1 ? 'envoyés' : 'envoyé'}`
  return limit === null ? `${quotes} ce mois-ci (illimité)` : `${quotes} sur ${limit} ce mois-ci`
}

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Période d’essai',
  past_due: 'Paiement en retard',
  unpaid: 'Impayée',
  canceled: 'Résiliée',
  incomplete: 'Paiement à finaliser',
  incomplete_expired: 'Paiement expiré',
  paused: 'En pause',
  free: 'Gratuite'
}

export function statusText(status: string): string {
  return STATUS_TEXT[status] ?? status
}
