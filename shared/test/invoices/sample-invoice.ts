// A complete invoice document as the tests start from: a business client, services at 20 %.
import type { InvoiceDocument } from '../../src/invoices/invoice-document.js'
import { defaultInvoiceMentions } from '../../src/invoices/invoice-mentions.js'

export function sampleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'standard',
    number: 'FA-2026-0042',
    issueDate: '2026-11-20',
    saleDate: '2026-11-18',
    dueDate: '2026-12-20',
    currency: 'EUR',
    seller: {
      name: 'Atelier Durand',
      legalForm: 'SARL au capital de 8 000 €',
      address: { lines: ['12 rue des Lilas'], postcode: '69003', city: 'Lyon', countryCode: 'FR' },
      siren: '732829320',
      siret: '73282932000074',
      registration: 'RCS Lyon 732 829 320',
      vatNumber: 'FR44732829320',
      email: 'contact@atelier-durand.fr',
      phone: '04 78 00 00 00',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP'
    },
    buyer: {
      kind: 'business',
      name: 'Claire Martin',
      company: 'Martin Immobilier',
      siren: '552100554',
      vatNumber: 'FR03552100554',
      address: { lines: ['4 avenue Foch'], postcode: '75016', city: 'Paris', countryCode: 'FR' },
      deliveryAddress: null,
      email: 'compta@martin-immo.fr'
    },
    operation: 'services',
    vatRegime: 'standard',
    vatOnDebits: false,
    housingWorkCertification: null,
    title: 'Rénovation de la salle de bains',
    lines: [
      {
        id: 'l1',
        description: 'Dépose de l’ancienne baignoire',
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceCents: 35000,
        vatRateBp: 2000,
        discountBp: 0,
        discountCents: 0,
        progress: null
      },
      {
        id: 'l2',
        description: 'Main-d’œuvre plomberie',
        quantityMilli: 7500,
        unit: 'h',
        unitPriceCents: 5200,
        vatRateBp: 2000,
        discountBp: 0,
        discountCents: 0,
        progress: null
      }
    ],
    deductions: [],
    progress: null,
    retention: null,
    creditedInvoice: null,
    quoteNumber: 'DEV-2026-0007',
    buyerReference: '',
    paymentTerms: 'Paiement à 30 jours par virement.',
    mentions: defaultInvoiceMentions('business'),
    ...overrides
  }
}
