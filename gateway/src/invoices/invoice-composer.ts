// An invoice's document from what the professional asked for: the seller from the profile, the
// buyer from the quote (or typed), the amounts by kind (invoice-amounts.ts), the dates and the
// mentions. The same composition gives a draft's preview (numbered BROUILLON) and, at issue, the
// document frozen with its number, so what was previewed is what gets issued.
import { Value } from '@sinclair/typebox/value'
import type { InvoiceRequest } from '@paraphe/shared/api/invoice-schemas'
import type { CompanyProfile } from '@paraphe/shared/company'
import { InvoiceDocumentSchema, type InvoiceDocument, type InvoiceLine } from '@paraphe/shared/invoices/invoice-document'
import { defaultInvoiceMentions } from '@paraphe/shared/invoices/invoice-mentions'
import { HOUSING_WORK_CERTIFICATION, needsHousingWorkCertification } from '@paraphe/shared/quote-mentions'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { computeTotals } from '@paraphe/shared/quote-totals'
import { ApiProblem } from '../errors.js'
import { creditLines, depositLines, finalInvoice, progressLines, type IssuedInvoice } from './invoice-amounts.js'
import { buyerOf, sellerOf } from './invoice-parties.js'
import type { SourceQuote } from './quote-source.js'

/** The number a draft's preview shows: allowed by BR-FR-01/02, never given to an issued invoice. */
export const DRAFT_NUMBER = 'BROUILLON'

export interface CompositionSources {
  request: InvoiceRequest
  profile: CompanyProfile
  /** The signed quote (deposit, progress, final), null otherwise. */
  quote: SourceQuote | null
  /** The quote's issued invoices, oldest first. */
  earlier: readonly IssuedInvoice[]
  /** The invoice a credit note corrects, with what credit notes already took from it. */
  corrected: { invoice: IssuedInvoice; creditedCents: number } | null
  number: string
  issueDate: string
}

const DEFAULT_PAYMENT_DAYS = 30

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

function addYears(isoDate: string, years: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCFullYear(date.getUTCFullYear() + years)
  return date.toISOString().slice(0, 10)
}

const missing = (field: string, message: string) => new ApiProblem(422, 'validation_failed', message, { [field]: message })

function handTypedLines(request: InvoiceRequest): InvoiceLine[] {
  if (request.lines === undefined) throw missing('lines', 'Ajoutez au moins une ligne à la facture.')
  return request.lines.map((line, index) => ({
    id: `ligne-${index + 1}`,
    description: line.description,
    quantityMilli: line.quantityMilli,
    unit: line.unit ?? 'u',
    unitPriceCents: line.unitPriceCents,
    vatRateBp: line.vatRateBp,
    discountBp: line.discountBp ?? 0,
    discountCents: 0,
    progress: null
  }))
}

function requireQuote(sources: CompositionSources): SourceQuote {
  if (sources.quote === null) throw missing('quoteId', 'Choisissez le devis signé à facturer.')
  return sources.quote
}

/** Lines, deductions and statement by kind. */
function amountsOf(
  sources: CompositionSources,
  regime: InvoiceDocument['vatRegime']
): Pick<InvoiceDocument, 'lines' | 'deductions' | 'progress'> {
  const { request, earlier } = sources
  switch (request.kind) {
    case 'deposit': {
      const quote = requireQuote(sources)
      const quoteTtcCents = quoteTtc(quote)
      const share =
        request.depositAmountCents !== undefined
          ? { amountCents: request.depositAmountCents }
          : { bp: request.depositBp ?? quote.content.depositBp }
      if ('bp' in share && share.bp === 0)
        throw missing('depositBp', 'Ce devis ne prévoit pas d’acompte : indiquez un pourcentage ou un montant.')
      return {
        lines: depositLines({ quoteNumber: quote.number, quoteLines: quote.lines, quoteTtcCents, regime, share, earlier }),
        deductions: [],
        progress: null
      }
    }
    case 'progress': {
      const quote = requireQuote(sources)
      let progress: { bp: number } | { lines: NonNullable<InvoiceRequest['progressLines']> }
      if (request.progressLines !== undefined) progress = { lines: request.progressLines }
      else if (request.progressBp !== undefined) progress = { bp: request.progressBp }
      else throw missing('progressBp', 'Indiquez l’avancement cumulé des travaux (en %).')
      const { lines, deductions, statement } = progressLines({
        quoteLines: quote.lines,
        quoteTtcCents: quoteTtc(quote),
        regime,
        progress,
        depositDeduction: request.depositDeduction,
        earlier
      })
      return { lines, deductions, progress: statement }
    }
    case 'final': {
      const quote = requireQuote(sources)
      return { ...finalInvoice(quote.lines, earlier), progress: null }
    }
    case 'credit_note': {
      if (sources.corrected === null) throw missing('correctsInvoiceId', 'Choisissez la facture que cet avoir corrige.')
      return {
        ...creditLines({
          corrected: sources.corrected.invoice,
          alreadyCreditedCents: sources.corrected.creditedCents,
          amountCents: request.creditAmountCents ?? null
        }),
        progress: null
      }
    }
    case 'standard':
      return { lines: handTypedLines(request), deductions: [], progress: null }
  }
}

function quoteTtc(quote: SourceQuote): number {
  return computeTotals(quote.lines, { franchiseEnBase: quote.franchiseEnBase, depositBp: 0 }).totalTtcCents
}

/**
 * Standard VAT or reverse charge (construction sub-contracting, art. 283-2 nonies du CGI): the
 * buyer, a business, pays the VAT. A sub-contract is under one regime from the first invoice to
 * the last, so a quote's later invoices follow its first one (a final invoice's deductions stay
 * coherent); asking otherwise is refused rather than silently changed.
 */
function chosenRegime({ request, quote, earlier }: CompositionSources): 'standard' | 'reverse_charge' {
  const first = earlier[0]?.document.vatRegime
  const inherited = first === 'reverse_charge' || first === 'standard' ? first : undefined
  const asked = request.reverseCharge === undefined ? undefined : request.reverseCharge ? 'reverse_charge' : 'standard'
  if (inherited !== undefined && asked !== undefined && asked !== inherited) {
    throw missing(
      'reverseCharge',
      inherited === 'reverse_charge'
        ? 'Les factures précédentes de ce devis sont en autoliquidation : celle-ci aussi.'
        : 'Les factures précédentes de ce devis portent la TVA : l’autoliquidation ne peut pas commencer en cours de chantier.'
    )
  }
  const regime = inherited ?? asked ?? 'standard'
  const buyerKind = quote?.content.client.kind ?? request.client?.kind
  if (regime === 'reverse_charge' && buyerKind !== 'business') {
    throw missing(
      'reverseCharge',
      'L’autoliquidation ne concerne qu’un client professionnel (l’entreprise principale qui vous sous-traite les travaux).'
    )
  }
  return regime
}

/** The whole document; throws an ApiProblem (422/409) in French when it cannot be made. */
export function composeInvoice(sources: CompositionSources): InvoiceDocument {
  const { request, profile, quote, corrected } = sources
  const seller = sellerOf(profile)
  const base = corrected?.invoice.document ?? null
  // The quote's regime was frozen when it was sent; an invoice without a quote takes the profile's.
  const franchise = quote !== null ? quote.franchiseEnBase : profile.franchiseEnBase
  // Asked for reverse charge under the franchise: refused rather than silently dropped, so the
  // professional never issues something other than what they chose.
  if (base === null && franchise && request.reverseCharge === true) {
    throw missing(
      'reverseCharge',
      'En franchise en base de TVA (article 293 B du CGI), vous ne facturez pas de TVA : l’autoliquidation ne s’applique pas.'
    )
  }
  const regime: InvoiceDocument['vatRegime'] = base !== null ? base.vatRegime : franchise ? 'franchise' : chosenRegime(sources)
  const buyer =
    base !== null
      ? base.buyer
      : quote !== null
        ? buyerOf(quote.content.client, {
            siren: request.clientSiren,
            vatNumber: request.clientVatNumber,
            siteAddress: quote.content.siteAddress
          })
        : buyerOf(
            {
              ...(request.client ?? { kind: 'individual', name: '', address: '' }),
              company: request.client?.company ?? '',
              email: request.client?.email ?? ''
            },
            { siren: request.clientSiren, vatNumber: request.clientVatNumber }
          )
  const amounts = amountsOf(sources, regime)
  const retentionBp = request.retentionBp ?? 0
  if (retentionBp > 0 && request.kind !== 'progress' && request.kind !== 'final') {
    throw missing('retentionBp', 'La retenue de garantie s’applique aux situations et à la facture de solde.')
  }
  const paymentDays = request.paymentDays ?? (request.kind === 'deposit' ? 0 : DEFAULT_PAYMENT_DAYS)
  const document: InvoiceDocument = {
    kind: request.kind,
    number: sources.number,
    issueDate: sources.issueDate,
    saleDate: request.saleDate ?? sources.issueDate,
    dueDate: addDays(sources.issueDate, paymentDays),
    currency: 'EUR',
    seller,
    buyer,
    operation: request.operation ?? base?.operation ?? 'services',
    vatRegime: regime,
    vatOnDebits: request.vatOnDebits ?? base?.vatOnDebits ?? false,
    housingWorkCertification: needsHousingWorkCertification(
      amounts.lines.map((line) => line.vatRateBp),
      regime === 'standard'
    )
      ? HOUSING_WORK_CERTIFICATION
      : null,
    title: (request.title ?? quote?.content.title ?? base?.title ?? '').trim(),
    ...amounts,
    // Released one year after the work's acceptance (loi n° 71-584, art. 2).
    retention: retentionBp > 0 ? { rateBp: retentionBp, releaseDate: addYears(sources.issueDate, 1) } : null,
    creditedInvoice: corrected === null ? null : { number: corrected.invoice.number, issueDate: corrected.invoice.issueDate },
    quoteNumber: quote?.number ?? base?.quoteNumber ?? null,
    buyerReference: request.buyerReference ?? base?.buyerReference ?? '',
    paymentTerms: (request.paymentTerms ?? quote?.content.paymentTerms ?? '').trim(),
    mentions: defaultInvoiceMentions(buyer.kind),
    // Every invoice of a building job prints the insurance its quote printed; a credit note, its invoice's.
    insurance: quote?.insurance ?? base?.insurance ?? null
  }
  let totalTtcCents: number
  try {
    totalTtcCents = computeInvoiceTotals(document).totalTtcCents
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    throw new ApiProblem(
      422,
      'invoice_amounts',
      'Les montants de cette facture ne sont pas cohérents (déductions supérieures aux lignes, ou montants trop élevés).'
    )
  }
  // After a situation at 100 % the deposits and situations have invoiced the whole quote: a final
  // invoice would ask nothing, so none is made (the quote's page already says it is all invoiced).
  if (request.kind === 'final' && document.deductions.length > 0 && totalTtcCents === 0) {
    throw new ApiProblem(
      409,
      'invoice_nothing_left',
      'Les acomptes et situations ont déjà facturé tout le devis : il ne reste rien à facturer.'
    )
  }
  const firstError = Value.Errors(InvoiceDocumentSchema, document).First()
  if (firstError !== undefined) {
    throw new ApiProblem(
      422,
      'invoice_invalid',
      `Cette facture ne peut pas être émise telle quelle (${firstError.path} : ${firstError.message}).`
    )
  }
  return document
}
