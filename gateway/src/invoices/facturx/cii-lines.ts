// The invoice lines (BG-25) of the CII XML: the document's lines, then one negative line per
// earlier invoice and VAT rate it deducts. Every amount is invoice-totals.ts's, so a line's net
// (BT-131) is exactly what the PDF prints. A progress line is billed in percent (unit P1): its
// quantity is the share invoiced now, its net price the line's contract amount per percent, so
// that quantity × price is the amount invoiced now (BR-FR-DEC-03 wants prices positive: the
// deduction lines carry the minus sign in their quantity instead).
import type { InvoiceDocument, InvoiceLine } from '@paraphe/shared/invoices/invoice-document'
import { deductionLabel } from '@paraphe/shared/invoices/invoice-statements'
import { vatCategory, type InvoiceLineTotals, type InvoiceTotals, type VatCategory } from '@paraphe/shared/invoices/invoice-totals'
import { formatVatRate } from '@paraphe/shared/money'
import { amount, ONE_UNIT, percent, PERCENT_UNIT, quantity, scaled, UNIT_CODES, type XmlNode } from './cii-values.js'

function lineTax(category: VatCategory, rateBp: number): XmlNode {
  return { 'ram:TypeCode': 'VAT', 'ram:CategoryCode': category, 'ram:RateApplicablePercent': percent(rateBp) }
}

/** « Avancement : 20 % ce jour (cumul 60 %, déjà facturé 40 %) ». */
export function lineProgressText(progress: NonNullable<InvoiceLine['progress']>): string {
  const now = progress.cumulativeBp - progress.previousBp
  return `Avancement : ${formatVatRate(now)} facturés (cumul ${formatVatRate(progress.cumulativeBp)}, déjà facturé ${formatVatRate(progress.previousBp)})`
}

function documentLine(line: InvoiceLine, totals: InvoiceLineTotals, lineId: string): XmlNode {
  const progress = line.progress
  const discount: XmlNode | undefined =
    progress === null && totals.discountCents > 0
      ? {
          'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
          'ram:ActualAmount': amount(totals.discountCents),
          'ram:ReasonCode': '95',
          'ram:Reason': line.discountBp > 0 ? `Remise ${formatVatRate(line.discountBp)}` : 'Remise'
        }
      : undefined
  return {
    'ram:AssociatedDocumentLineDocument': {
      'ram:LineID': lineId,
      'ram:IncludedNote': progress === null ? undefined : { 'ram:Content': lineProgressText(progress) }
    },
    'ram:SpecifiedTradeProduct': { 'ram:Name': line.description.trim() === '' ? '—' : line.description },
    'ram:SpecifiedLineTradeAgreement': {
      // The contract amount per percent: cents / 100 (euros) / 100 (percent), at most 6 decimals.
      'ram:NetPriceProductTradePrice': {
        'ram:ChargeAmount': progress === null ? scaled(line.unitPriceCents, 2) : scaled(totals.contractCents, 4)
      }
    },
    'ram:SpecifiedLineTradeDelivery': {
      'ram:BilledQuantity':
        progress === null
          ? { '@unitCode': UNIT_CODES[line.unit], '#': quantity(line.quantityMilli) }
          : { '@unitCode': PERCENT_UNIT, '#': percent(progress.cumulativeBp - progress.previousBp) }
    },
    'ram:SpecifiedLineTradeSettlement': {
      'ram:ApplicableTradeTax': lineTax(totals.category, totals.rateBp),
      'ram:SpecifiedTradeAllowanceCharge': discount,
      'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': amount(totals.netCents) }
    }
  }
}

function deductionLine(name: string, htCents: number, category: VatCategory, rateBp: number, lineId: string): XmlNode {
  return {
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': lineId },
    'ram:SpecifiedTradeProduct': { 'ram:Name': name },
    'ram:SpecifiedLineTradeAgreement': { 'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': amount(htCents) } },
    'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@unitCode': ONE_UNIT, '#': '-1' } },
    'ram:SpecifiedLineTradeSettlement': {
      'ram:ApplicableTradeTax': lineTax(category, rateBp),
      'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': amount(-htCents) }
    }
  }
}

export function lineItems(document: InvoiceDocument, totals: InvoiceTotals): XmlNode[] {
  const items = document.lines.map((line, index) => documentLine(line, totals.lines[index] as InvoiceLineTotals, String(index + 1)))
  for (const deduction of document.deductions) {
    for (const part of deduction.amounts) {
      // A rate with nothing to deduct has no line (a price of 0 says nothing).
      if (part.htCents === 0) continue
      const { category, rateBp } = vatCategory(document.vatRegime, part.vatRateBp)
      const rate = document.vatRegime === 'standard' ? ` (TVA ${formatVatRate(part.vatRateBp)})` : ''
      items.push(deductionLine(`Déduction : ${deductionLabel(deduction)}${rate}`, part.htCents, category, rateBp, String(items.length + 1)))
    }
  }
  return items
}
