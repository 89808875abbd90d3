// What happened to a quote, in the words the timeline and the evidence page use.
const LABELS: Record<string, string> = {
  sent: 'Devis envoyé au client',
  reminded: 'Relance envoyée au client',
  viewed: 'Devis consulté par le client',
  signed: 'Devis signé par le client',
  declined: 'Devis refusé par le client',
  expired: 'Devis expiré',
  cancelled: 'Devis annulé',
  revised: 'Devis remplacé par une nouvelle version',
  'links-revoked': 'Liens de signature désactivés'
}

export function quoteEventLabel(type: string): string {
  return LABELS[type] ?? 'Événement'
}
