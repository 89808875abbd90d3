// The fixed wordings of a French quote, printed on the PDF, shown on the pages and checked when
// the client signs: one copy of each.

/** Micro-entrepreneurs under the franchise en base (article 293 B du CGI). */
export const FRANCHISE_MENTION = 'TVA non applicable, article 293 B du CGI'

/** Repair and call-out work (arrêté du 24 janvier 2017): the client ticks it when accepting. */
export const PRE_WORK_MENTION = 'Devis reçu avant l’exécution des travaux'

/** The acceptance box as the signed PDF prints it, ticked (the signing page's box, in short). */
export const ACCEPTANCE_BOX = 'Devis lu et accepté : contenu, prix et conditions'

/** Typed by the signer before signing. */
export const ACCEPTANCE_MENTION = 'Bon pour accord'

/**
 * The client's certification for the reduced VAT rates on housing work (10 %, 5,5 %): since
 * February 2025 a mention on the quote or the invoice replaces the separate attestation form
 * (art. 279-0 bis and 278-0 bis A du CGI). Printed on the quote the client signs, then carried
 * to its invoices. Wording after the administration's model (unconfirmed: one place to replace it).
 */
export const HOUSING_WORK_CERTIFICATION =
  'Le client atteste que les travaux portent sur des locaux à usage d’habitation achevés depuis plus de deux ans, ' +
  'qu’ils n’ont pas eu pour effet de concourir à la production d’un immeuble neuf au sens du 2° du 2 du I de l’article 257 du CGI, ' +
  'ni d’augmenter la surface de plancher des locaux existants de plus de 10 %, et, pour le taux de 5,5 %, ' +
  'qu’ils portent sur l’amélioration de la qualité énergétique du logement.'

export const HOUSING_WORK_CERTIFICATION_TITLE = 'Attestation du client – TVA à taux réduit'

/** VAT charged at 10 % or 5,5 % on some line: the document carries the client's certification. */
export function needsHousingWorkCertification(vatRatesBp: readonly number[], vatCharged: boolean): boolean {
  return vatCharged && vatRatesBp.some((rate) => rate === 1000 || rate === 550)
}

/** Accents, case, spaces and a final full stop do not matter when comparing a typed mention. */
export function normaliseMention(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim()
    .replace(/[.!…]+$/u, '')
    .trim()
}

export function mentionMatches(text: string): boolean {
  return normaliseMention(text) === normaliseMention(ACCEPTANCE_MENTION)
}
