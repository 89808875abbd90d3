// The invoice's lines as table rows: quantity, unit, unit price, VAT and discount for ordinary
// lines; for a progress invoice, each line's contract amount, its cumulative and earlier
// percentages and what is invoiced now. Then the table of the earlier invoices it deducts.
import { formatQuantity } from '@paraphe/shared/decimal-input'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { deductionLabel } from '@paraphe/shared/invoices/invoice-statements'
import type { InvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { drawTable, type TableColumn, type TableRow } from './invoice-table.js'
import type { PageFlow } from '../../pdf/layout.js'

export function drawInvoiceLines(flow: PageFlow, document: InvoiceDocument, totals: InvoiceTotals): void {
  const withVat = document.vatRegime === 'standard'
  const progress = document.lines.some((line) => line.progress !== null)
  const withDiscount = !progress && document.lines.some((line) => line.discountBp > 0 || line.discountCents > 0)
  const columns: TableColumn[] = [{ title: 'Désignation', width: 0, align: 'left' }]
  if (progress) {
    columns.push(
      { title: 'Marché HT', width: 74, align: 'right' },
      { title: 'Cumul', width: 42, align: 'right' },
      { title: 'Déjà facturé', width: 64, align: 'right' },
      { title: 'Ce jour', width: 44, align: 'right' }
    )
  } else {
    columns.push(
      { title: 'Qté', width: 48, align: 'right' },
      { title: 'Unité', width: 42, align: 'left' },
      { title: 'PU HT', width: 70, align: 'right' }
    )
  }
  if (withVat) columns.push({ title: 'TVA', width: 38, align: 'right' })
  if (withDiscount) columns.push({ title: 'Remise', width: 54, align: 'right' })
  columns.push({ title: 'Total HT', width: 78, align: 'right' })

  const rows: TableRow[] = document.lines.map((line, index) => {
    const amounts = totals.lines[index]
    const net = formatEuros(amounts?.netCents ?? 0)
    const vat = withVat ? [formatVatRate(line.vatRateBp)] : []
    if (line.progress !== null) {
      const { cumulativeBp, previousBp } = line.progress
      return {
        text: line.description,
        cells: [
          formatEuros(amounts?.contractCents ?? 0),
          formatVatRate(cumulativeBp),
          formatVatRate(previousBp),
          formatVatRate(cumulativeBp - previousBp),
          ...vat,
          net
        ]
      }
    }
    const discount =
      line.discountBp > 0 ? formatVatRate(line.discountBp) : line.discountCents > 0 ? `−${formatEuros(line.discountCents)}` : ''
    return {
      text: line.description,
      cells: [
        formatQuantity(line.quantityMilli),
        line.unit,
        formatEuros(line.unitPriceCents),
        ...vat,
        ...(withDiscount ? [discount] : []),
        net
      ]
    }
  })
  drawTable(flow, columns, rows)

  if (document.deductions.length === 0) return
  const deductionColumns: TableColumn[] = [
    { title: 'Factures déduites', width: 0, align: 'left' },
    { title: 'Montant HT', width: 80, align: 'right' },
    { title: 'TVA', width: 70, align: 'right' },
    { title: 'Montant TTC', width: 80, align: 'right' }
  ]
  drawTable(
    flow,
    deductionColumns,
    document.deductions.map((deduction, index) => {
      const amounts = totals.deductions[index]
      const rates = withVat
        ? deduction.amounts.map((part) => `${formatEuros(part.htCents)} HT à ${formatVatRate(part.vatRateBp)}`).join(', ')
        : undefined
      return {
        text: deductionLabel(deduction),
        ...(rates === undefined ? {} : { note: rates }),
        cells: [
          `−${formatEuros(amounts?.htCents ?? 0)}`,
          `−${formatEuros(amounts?.vatCents ?? 0)}`,
          `−${formatEuros(amounts?.ttcCents ?? 0)}`
        ]
      }
    })
  )
}
