// One invoice document per case the product supports: each VAT rate, mixed rates, discounts,
// the franchise en base, reverse charge, a deposit, a progress situation, a final invoice
// deducting a deposit and a situation, a credit note, a retenue de garantie, a private client.
import type { InvoiceDocument, InvoiceLine } from '@paraphe/shared/invoices/invoice-document'
import { defaultInvoiceMentions, HOUSING_WORK_CERTIFICATION } from '@paraphe/shared/invoices/invoice-mentions'
import { sampleInvoice } from '../../../../shared/test/invoices/sample-invoice.js'
import { invoiceLineOf } from '../../../src/invoices/invoice-amounts.js'

const line = (id: string, description: string, overrides: Partial<InvoiceLine> = {}): InvoiceLine => ({
  id,
  description,
  quantityMilli: 1000,
  unit: 'u',
  unitPriceCents: 10000,
  vatRateBp: 2000,
  discountBp: 0,
  discountCents: 0,
  progress: null,
  ...overrides
})

const privateBuyer: InvoiceDocument['buyer'] = {
  kind: 'individual',
  name: 'Jeanne Petit',
  company: '',
  siren: null,
  vatNumber: null,
  address: { lines: ['8 impasse des Tilleuls', 'Bâtiment B'], postcode: '38000', city: 'Grenoble', countryCode: 'FR' },
  deliveryAddress: { lines: ['Chalet « Les Écrins »', '14 route du Col'], postcode: '05100', city: 'Briançon', countryCode: 'FR' },
  email: 'jeanne.petit@example.fr'
}

/** The quote's lines a whole job is made of (20 % and 10 %), used by deposit, situations and final. */
const jobLines = [
  line('j1', 'Cloisons en plaques de plâtre', { quantityMilli: 42_500, unit: 'm²', unitPriceCents: 3890 }),
  line('j2', 'Peinture des murs, deux couches', {
    quantityMilli: 120_000,
    unit: 'm²',
    unitPriceCents: 1450,
    vatRateBp: 1000,
    discountBp: 500
  })
]

export const INVOICE_CASES: Readonly<Record<string, InvoiceDocument>> = {
  'vat-20': sampleInvoice(),
  'vat-10-housing': sampleInvoice({
    number: 'FA-2026-0101',
    buyer: privateBuyer,
    mentions: defaultInvoiceMentions('individual'),
    housingWorkCertification: HOUSING_WORK_CERTIFICATION,
    lines: [line('a', 'Remplacement des fenêtres (fourniture et pose)', { quantityMilli: 4000, unitPriceCents: 68_000, vatRateBp: 1000 })]
  }),
  'vat-5-5': sampleInvoice({
    number: 'FA-2026-0102',
    buyer: privateBuyer,
    mentions: defaultInvoiceMentions('individual'),
    housingWorkCertification: HOUSING_WORK_CERTIFICATION,
    operation: 'mixed',
    lines: [line('a', 'Isolation des combles perdus', { quantityMilli: 85_000, unit: 'm²', unitPriceCents: 2_999, vatRateBp: 550 })]
  }),
  'vat-2-1': sampleInvoice({
    number: 'FA-2026-0103',
    operation: 'goods',
    lines: [line('a', 'Abonnement revue professionnelle', { quantityMilli: 3000, unitPriceCents: 1_990, vatRateBp: 210 })]
  }),
  'mixed-rates-discounts': sampleInvoice({
    number: 'FA-2026-0104',
    operation: 'mixed',
    vatOnDebits: true,
    lines: [
      line('a', 'Carrelage grès cérame 60 × 60', { quantityMilli: 18_250, unit: 'm²', unitPriceCents: 4_735, discountBp: 1250 }),
      line('b', 'Pose du carrelage', { quantityMilli: 18_250, unit: 'm²', unitPriceCents: 3_500, vatRateBp: 1000, discountCents: 2_500 }),
      line('c', 'Isolant mince', { quantityMilli: 3333, unit: 'm²', unitPriceCents: 1_111, vatRateBp: 550 }),
      line('d', 'Déplacement', { unit: 'forfait', unitPriceCents: 4_500 }),
      line('e', 'Main-d’œuvre', { quantityMilli: 6500, unit: 'h', unitPriceCents: 4_800, vatRateBp: 1000 }),
      line('f', 'Location d’échafaudage', { quantityMilli: 2000, unit: 'jour', unitPriceCents: 8_900 })
    ]
  }),
  // The lines of a signed quote, one with a discount in euros, as invoice-amounts.ts carries them
  // into the invoice (BT-136 an amount, no percentage); the other with a percentage.
  'quote-amount-discount': sampleInvoice({
    number: 'FA-2026-0120',
    lines: [
      invoiceLineOf({
        id: 'q1',
        description: 'Receveur de douche extra-plat',
        quantityMilli: 1000,
        unit: 'u',
        unitPriceCents: 42_000,
        vatRateBp: 2000,
        discountBp: 0,
        discountCents: 5_000
      }),
      invoiceLineOf({
        id: 'q2',
        description: 'Pose',
        quantityMilli: 6000,
        unit: 'h',
        unitPriceCents: 4_800,
        vatRateBp: 2000,
        discountBp: 1000
      })
    ]
  }),
  franchise: sampleInvoice({
    number: 'FA-2026-0105',
    vatRegime: 'franchise',
    seller: {
      ...sampleInvoice().seller,
      name: 'Luc Bernard EI',
      legalForm: 'Entrepreneur individuel',
      registration: 'RM 69',
      vatNumber: null
    },
    lines: [
      line('a', 'Dépannage plomberie', { quantityMilli: 1500, unit: 'h', unitPriceCents: 5_500 }),
      line('b', 'Joint et raccord', { quantityMilli: 2000, unitPriceCents: 850 })
    ]
  }),
  'reverse-charge': sampleInvoice({
    number: 'FA-2026-0106',
    vatRegime: 'reverse_charge',
    title: 'Sous-traitance : électricité du lot 4',
    lines: [line('a', 'Câblage des logements du lot 4', { quantityMilli: 1000, unit: 'forfait', unitPriceCents: 1_245_000 })]
  }),
  deposit: sampleInvoice({
    kind: 'deposit',
    number: 'FA-2026-0110',
    dueDate: '2026-11-20',
    lines: [
      line('d20', 'Acompte de 30 % sur le devis DEV-2026-0007 (TVA 20 %)', { unit: 'forfait', unitPriceCents: 49_598 }),
      line('d10', 'Acompte de 30 % sur le devis DEV-2026-0007 (TVA 10 %)', { unit: 'forfait', unitPriceCents: 49_590 })
    ]
  }),
  progress: sampleInvoice({
    kind: 'progress',
    number: 'FA-2026-0111',
    progress: { situationNumber: 2, cumulativeBp: 6000, previousBp: 2500 },
    retention: { rateBp: 500, releaseDate: '2027-12-15' },
    lines: jobLines.map((job, index) => ({
      ...job,
      progress: index === 0 ? { cumulativeBp: 7000, previousBp: 4000 } : { cumulativeBp: 5000, previousBp: 1000 }
    }))
  }),
  final: sampleInvoice({
    kind: 'final',
    number: 'FA-2026-0112',
    retention: { rateBp: 500, releaseDate: '2027-12-15' },
    lines: jobLines,
    deductions: [
      {
        kind: 'deposit',
        number: 'FA-2026-0110',
        issueDate: '2026-10-02',
        amounts: [
          { vatRateBp: 2000, htCents: 49_598, vatCents: 9_920 },
          { vatRateBp: 1000, htCents: 49_590, vatCents: 4_959 }
        ]
      },
      {
        kind: 'progress',
        number: 'FA-2026-0111',
        issueDate: '2026-11-02',
        amounts: [
          { vatRateBp: 2000, htCents: 49_596, vatCents: 9_919 },
          { vatRateBp: 1000, htCents: 66_120, vatCents: 6_612 }
        ]
      }
    ]
  }),
  'credit-note': sampleInvoice({
    kind: 'credit_note',
    number: 'AV-2026-0003',
    creditedInvoice: { number: 'FA-2026-0042', issueDate: '2026-11-20' },
    lines: [line('a', 'Dépose de l’ancienne baignoire — non réalisée', { unit: 'forfait', unitPriceCents: 35_000 })]
  })
}
