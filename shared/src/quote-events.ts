// What happened to a quote, in the words the timeline and the evidence page use.
const LABELS: Record<string, string> = {
  // Read by both parties (the timeline, and the signed PDF's evidence that the client keeps):
  // worded so that it reads right for either.
  sent: 'Devis envoyé pour signature',
  reminded: 'Relance envoyée pour signature',
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
