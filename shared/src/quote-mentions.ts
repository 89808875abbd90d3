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
