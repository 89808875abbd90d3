// The lifecycle statuses of an e-invoice (codes of AFNOR XP Z12-012, use cases XP Z12-014), as the
// invoice page, the list and the API say them in French, and the invoice event type each is stored
// under (paraphe.invoice_events, source 'platform').

export const PLATFORM_EVENT_TYPES = [
  'platform_deposited',
  'platform_received',
  'platform_made_available',
  'platform_approved',
  'platform_refused',
  'platform_collected',
  'platform_rejected',
  'platform_status'
] as const
export type PlatformEventType = (typeof PLATFORM_EVENT_TYPES)[number]

export const LIFECYCLE_LABELS: Readonly<Record<number, string>> = {
  200: 'Déposée',
  201: 'Émise par la plateforme',
  202: 'Reçue par la plateforme',
  203: 'Mise à disposition',
  204: 'Prise en charge',
  205: 'Approuvée',
  206: 'Approuvée partiellement',
  207: 'En litige',
  208: 'Suspendue',
  209: 'Complétée',
  210: 'Refusée',
  211: 'Paiement transmis',
  212: 'Encaissée',
  213: 'Rejetée',
  214: 'Visée',
  220: 'Annulée',
  221: 'Erreur de routage',
  224: 'Demande de paiement direct',
  225: 'Affacturée'
}

const TYPES: Readonly<Record<number, PlatformEventType>> = {
  200: 'platform_deposited',
  202: 'platform_received',
  203: 'platform_made_available',
  205: 'platform_approved',
  210: 'platform_refused',
  212: 'platform_collected',
  213: 'platform_rejected'
}

/** The event type a status code is stored under ('platform_status' for the codes the product does not single out). */
export function lifecycleEventType(code: number): PlatformEventType {
  return TYPES[code] ?? 'platform_status'
}

/** « Refusée : motif », « Approuvée », « Statut 299 » for a code the standard does not list. */
export function lifecycleLabel(code: number, reason: string | null = null): string {
  const label = LIFECYCLE_LABELS[code] ?? `Statut ${code}`
  return reason === null || reason === '' ? label : `${label} : ${reason}`
}

/** A refusal (by the buyer) or a rejection (by a platform): corrected by a credit note and a new invoice. */
export function needsCorrection(code: number): boolean {
  return code === 210 || code === 213
}
