// Where each value of the quote is typed: the id of its control, from the field path the form
// checks and the gateway's `fields` use (`client.email`, `lines.2.description`).
import type { QuoteForm } from './quote-form'

const TOP_LEVEL: Readonly<Record<string, string>> = {
  'client.kind': 'quote-client-kind-individual',
  'client.name': 'quote-client-name',
  'client.company': 'quote-client-company',
  'client.email': 'quote-client-email',
  'client.phone': 'quote-client-phone',
  'client.address': 'quote-client-address',
  siteAddress: 'quote-site-address',
  title: 'quote-title',
  issueDate: 'quote-issue-date',
  validityDays: 'quote-validity',
  workStartDate: 'quote-work-start',
  workDuration: 'quote-work-duration',
  lines: 'quote-add-line',
  depositBp: 'quote-deposit',
  paymentTerms: 'quote-payment-terms',
  conditions: 'quote-conditions',
  notes: 'quote-notes',
  buildingTrade: 'quote-building-trade',
  requireEmailCode: 'quote-require-code'
}

/** The « Annuler » of the banner shown after a row is removed. */
export const UNDO_BUTTON_ID = 'quote-undo-remove'

export const LINE_CONTROLS = {
  description: 'description',
  quantityMilli: 'quantity',
  unit: 'unit',
  unitPriceCents: 'price',
  vatRateBp: 'vat',
  discountBp: 'discount',
  discountCents: 'discount',
  /** A section's title. */
  title: 'title'
} as const

export type LineControl = (typeof LINE_CONTROLS)[keyof typeof LINE_CONTROLS]

export function lineControlId(lineId: string, control: LineControl): string {
  return `line-${lineId}-${control}`
}

/** The control of a field path, or null when it is not on this page (e.g. `profile`). */
export function controlIdOf(path: string, form: QuoteForm): string | null {
  const line = /^lines\.(\d+)\.(\w+)$/.exec(path)
  if (line !== null) {
    const id = form.lines[Number(line[1])]?.id
    const control = (LINE_CONTROLS as Readonly<Record<string, LineControl>>)[line[2] ?? '']
    return id === undefined || control === undefined ? null : lineControlId(id, control)
  }
  return TOP_LEVEL[path] ?? null
}
