// An invoice without a quote as typed: the client and the lines as text, read into the API's
// request with the shared parsers (the quote editor's), and previewed with the quote's totals
// rule (quote-totals.ts) rather than a second one. The gateway composes the invoice itself.
import type { InvoiceInputLine, InvoiceRequest } from '@paraphe/shared/api/invoice-schemas'
import type { ClientKind } from '@paraphe/shared/quote'
import { TEXT_LIMITS } from '@paraphe/shared/quote'
import { formatCentsInput, formatQuantityInput, parseEurosToCents, parseQuantity } from '@paraphe/shared/decimal-input'
import { STANDARD_VAT_BP, VAT_RATES_BP, type VatRateBp } from '@paraphe/shared/money'
import { computeTotals, LIMITS, type QuoteTotals } from '@paraphe/shared/quote-totals'
import { engagementNumberProblem, type PublicBuyer } from '@paraphe/shared/public-buyer'
import type { SavedClient } from '@/lib/clients-api'
import { checkSiren } from './request-problem'

export interface TypedLine {
  /** The row's React key only. */
  key: string
  description: string
  quantity: string
  unitPrice: string
  vatRateBp: VatRateBp
}

export interface StandardInvoiceForm {
  clientKind: ClientKind
  name: string
  company: string
  email: string
  address: string
  siren: string
  /** A saved client marked « Acheteur public »: the invoice goes to Chorus Pro with its SIRET and code service. */
  publicBuyer: PublicBuyer | null
  /** The public buyer's « numéro d'engagement » as typed (only asked of a public buyer). */
  engagement: string
  title: string
  lines: TypedLine[]
}

/** Per field (`client.name`, `lines.0.quantity`…), what is wrong. */
export type FormProblems = Record<string, string>

let keys = 0
export const newLine = (): TypedLine => ({
  key: `line-${++keys}`,
  description: '',
  quantity: '1',
  unitPrice: '',
  vatRateBp: STANDARD_VAT_BP
})

export const EMPTY_STANDARD_FORM: StandardInvoiceForm = {
  clientKind: 'individual',
  name: '',
  company: '',
  email: '',
  address: '',
  siren: '',
  publicBuyer: null,
  engagement: '',
  title: '',
  lines: []
}

/** The form of a draft without a quote, to edit it. */
export function formOfRequest(request: InvoiceRequest): StandardInvoiceForm {
  const client = request.client
  return {
    clientKind: client?.kind ?? 'individual',
    name: client?.name ?? '',
    company: client?.company ?? '',
    email: client?.email ?? '',
    address: client?.address ?? '',
    siren: request.clientSiren ?? '',
    publicBuyer: request.publicBuyer ?? null,
    engagement: request.engagementNumber ?? '',
    title: request.title ?? '',
    lines: (request.lines ?? []).map((line) => ({
      ...newLine(),
      description: line.description,
      quantity: formatQuantityInput(line.quantityMilli),
      unitPrice: formatCentsInput(line.unitPriceCents),
      vatRateBp: line.vatRateBp
    }))
  }
}

/**
 * A saved client's details in the form (its SIREN is its SIRET's first nine digits); a client
 * marked « Acheteur public » brings its SIRET and code service, so the invoice goes to Chorus Pro.
 */
export function withSavedClient(form: StandardInvoiceForm, client: SavedClient): StandardInvoiceForm {
  const siret = client.siret.replace(/\D/g, '')
  const publicBuyer = client.kind === 'business' && client.publicBuyer ? { siret, serviceCode: client.serviceCode } : null
  return {
    ...form,
    clientKind: client.kind,
    name: client.name,
    company: client.company,
    email: client.email,
    address: client.address,
    siren: client.kind === 'business' && siret.length >= 9 ? siret.slice(0, 9) : form.siren,
    publicBuyer,
    engagement: publicBuyer === null ? '' : form.engagement
  }
}

/** The lines that parse, as amounts, for the totals preview (the others count for nothing yet). */
export function previewTotals(lines: readonly TypedLine[], franchiseEnBase: boolean): QuoteTotals {
  const amounts = lines.flatMap((line) => {
    const quantity = parseQuantity(line.quantity, LIMITS.maxQuantityMilli)
    const price = parseEurosToCents(line.unitPrice, LIMITS.maxUnitPriceCents)
    return quantity.ok && price.ok
      ? [{ quantityMilli: quantity.value, unitPriceCents: price.value, vatRateBp: line.vatRateBp, discountBp: 0 }]
      : []
  })
  return computeTotals(amounts, { franchiseEnBase, depositBp: 0 })
}

const isVatRate = (value: number): value is VatRateBp => (VAT_RATES_BP as readonly number[]).includes(value)
export const vatRateOf = (text: string): VatRateBp => {
  const value = Number(text)
  return isVatRate(value) ? value : STANDARD_VAT_BP
}

/** The request for the gateway, or every problem found, field by field, in French. */
export function readStandardForm(form: StandardInvoiceForm): { ok: true; request: InvoiceRequest } | { ok: false; problems: FormProblems } {
  const problems: FormProblems = {}
  const business = form.clientKind === 'business'
  const name = form.name.trim()
  const company = form.company.trim()
  if (business ? company === '' : name === '')
    problems['client.name'] = business ? 'Indiquez la société du client.' : 'Indiquez le nom du client.'
  if (name.length > TEXT_LIMITS.short || company.length > TEXT_LIMITS.short)
    problems['client.name'] = `${TEXT_LIMITS.short} caractères au plus.`
  const address = form.address.trim()
  if (!/\b\d{5}\s+\S/.test(address))
    problems['client.address'] = 'L’adresse du client doit comporter le code postal et la ville (par exemple 69003 Lyon).'
  const siren = business ? checkSiren(form.siren) : null
  if (siren !== null && !siren.ok) problems.clientSiren = siren.message
  const publicBuyer = business ? form.publicBuyer : null
  const engagement = publicBuyer === null ? '' : form.engagement.trim()
  const engagementProblem = engagementNumberProblem(engagement)
  if (engagementProblem !== null) problems.engagementNumber = engagementProblem
  if (form.lines.length === 0) problems.lines = 'Ajoutez au moins une ligne à la facture.'
  const lines: InvoiceInputLine[] = []
  form.lines.forEach((line, index) => {
    const description = line.description.trim()
    if (description === '') problems[`lines.${index}.description`] = 'Décrivez la prestation ou le produit.'
    const quantity = parseQuantity(line.quantity, LIMITS.maxQuantityMilli)
    if (!quantity.ok) problems[`lines.${index}.quantity`] = quantity.message
    const price = parseEurosToCents(line.unitPrice, LIMITS.maxUnitPriceCents)
    if (!price.ok) problems[`lines.${index}.unitPrice`] = price.message
    if (description !== '' && quantity.ok && price.ok) {
      lines.push({ description, quantityMilli: quantity.value, unitPriceCents: price.value, vatRateBp: line.vatRateBp })
    }
  })
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  const email = form.email.trim()
  const title = form.title.trim()
  return {
    ok: true,
    request: {
      kind: 'standard',
      client: {
        kind: form.clientKind,
        name: name === '' ? company : name,
        ...(business ? { company } : {}),
        ...(email === '' ? {} : { email }),
        address
      },
      lines,
      ...(title === '' ? {} : { title }),
      ...(siren?.ok === true ? { clientSiren: siren.value } : {}),
      ...(publicBuyer === null ? {} : { publicBuyer }),
      ...(engagement === '' ? {} : { engagementNumber: engagement })
    }
  }
}
