// Quote contents for the tests of the gateway, the web app and shared/: one typed source, so a
// test writes only the fields it is about (as overrides) and a field added to `QuoteContent`
// is added here once. Nothing but types is imported: the web's unit tests load this file too.
import type { QuoteClient, QuoteContent, QuoteLine } from '@paraphe/shared/quote'

/** A private client with a postal address and an e-mail, as the sending checks want. */
export function quoteClient(overrides: Partial<QuoteClient> = {}): QuoteClient {
  return {
    kind: 'individual',
    name: 'Élise Martin',
    company: '',
    email: 'elise.martin@example.org',
    phone: '06 12 34 56 78',
    address: '5 place Bellecour\n69002 Lyon',
    ...overrides
  }
}

/** One line of work: a flat-rate item at 10 % VAT, no discount. */
export function quoteLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  return {
    id: 'l1',
    description: 'Dépose de l’ancienne baignoire',
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceCents: 35000,
    vatRateBp: 1000,
    discountBp: 0,
    ...overrides
  }
}

/** A draft as the editor starts it: a client and a title, no lines, every optional field empty. */
export function draftContent(overrides: Partial<QuoteContent> = {}): QuoteContent {
  return {
    client: quoteClient(),
    siteAddress: '',
    title: 'Rénovation de la salle de bains',
    issueDate: '2026-11-21',
    validityDays: 30,
    workStartDate: null,
    workDuration: '',
    lines: [],
    depositBp: 0,
    paymentTerms: '',
    conditions: '',
    notes: '',
    buildingTrade: true,
    requireEmailCode: false,
    ...overrides
  }
}

/** A draft that can be sent: three lines at two VAT rates, a 30 % deposit, terms and conditions. */
export function quoteContent(overrides: Partial<QuoteContent> = {}): QuoteContent {
  return draftContent({
    lines: [
      quoteLine(),
      quoteLine({ id: 'l2', description: 'Main-d’œuvre plomberie', quantityMilli: 7500, unit: 'h', unitPriceCents: 4500 }),
      quoteLine({ id: 'l3', description: 'Receveur de douche 90 × 120', unit: 'u', unitPriceCents: 48990, vatRateBp: 2000 })
    ],
    depositBp: 3000,
    paymentTerms: '30 % à la signature, le solde à la fin des travaux.',
    conditions: 'Devis gratuit.',
    ...overrides
  })
}
