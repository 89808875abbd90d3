// The accountant's CSV of a period, as French spreadsheets open it as is: UTF-8 with a BOM, `;`
// between cells, decimal comma, CRLF. One table, a « Type » column to filter on: the invoices and
// credit notes issued in the period (credit notes negative, as they reduce sales), then the
// payments dated in it.
import { INVOICE_PAYMENT_STATUS_LABELS, PAYMENT_MEANS_LABELS } from '@paraphe/shared/api/invoice-schemas'
import { INVOICE_KIND_LABELS } from '@paraphe/shared/invoices/invoice-document'
import { invoicePaymentStatus, remainingCents } from '@paraphe/shared/invoices/invoice-payment-status'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { clientDisplayName } from '@paraphe/shared/quote'
import type { ExportInvoice, ExportPayment } from './export-period.js'

const BOM = '\ufeff'
/** The VAT rates of the product, one pair of columns each (base HT, VAT). */
const RATES = [2000, 1000, 550, 210, 0] as const

export const INVOICES_CSV_COLUMNS = [
  'Type',
  'Numéro',
  'Date',
  'Échéance',
  'Client',
  'SIREN client',
  'Facture corrigée',
  ...RATES.flatMap((rate) => [`Base HT ${rateLabel(rate)}`, `TVA ${rateLabel(rate)}`]),
  'Total HT',
  'Total TVA',
  'Total TTC',
  'Retenue de garantie',
  'Payé',
  'Reste à payer',
  'Statut',
  'Mode de règlement',
  'Note'
] as const

function rateLabel(rateBp: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(rateBp / 100)} %`
}

const amountFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })

/** Cents as « 1234,56 » (no thousands separator: spreadsheets read it as a number); the minus is ASCII. */
export function decimalComma(cents: number): string {
  return amountFormat.format(cents / 100).replace('\u2212', '-')
}

/** `2026-11-26` → `26/11/2026`. */
function frenchDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`
}

/** A text cell: quoted when needed; a leading formula character neutralised (CSV injection). */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe
}

function invoiceRow(invoice: ExportInvoice, today: string): string[] {
  const { document } = invoice
  const totals = computeInvoiceTotals(document)
  const sign = invoice.kind === 'credit_note' ? -1 : 1
  const byRate = RATES.flatMap((rate) => {
    const rows = totals.vat.filter((row) => row.rateBp === rate)
    const base = rows.reduce((sum, row) => sum + row.baseCents, 0)
    const vat = rows.reduce((sum, row) => sum + row.vatCents, 0)
    return rows.length === 0 ? ['', ''] : [decimalComma(sign * base), decimalComma(sign * vat)]
  })
  const facts = {
    kind: invoice.kind,
    status: 'issued' as const,
    amountDueCents: invoice.amountDueCents,
    paidCents: invoice.paidCents,
    creditedCents: invoice.creditedCents,
    dueDate: invoice.dueDate
  }
  const status = invoicePaymentStatus(facts, today)
  return [
    textCell(INVOICE_KIND_LABELS[invoice.kind]),
    textCell(invoice.number),
    frenchDate(invoice.issueDate),
    invoice.kind === 'credit_note' ? '' : frenchDate(invoice.dueDate),
    textCell(clientDisplayName(document.buyer)),
    document.buyer.siren ?? '',
    textCell(document.creditedInvoice?.number ?? ''),
    ...byRate,
    decimalComma(sign * totals.totalHtCents),
    decimalComma(sign * totals.totalVatCents),
    decimalComma(sign * totals.totalTtcCents),
    totals.retentionCents === 0 ? '' : decimalComma(totals.retentionCents),
    invoice.kind === 'credit_note' ? '' : decimalComma(invoice.paidCents),
    invoice.kind === 'credit_note' ? '' : decimalComma(remainingCents(facts)),
    status === null ? '' : textCell(INVOICE_PAYMENT_STATUS_LABELS[status]),
    '',
    ''
  ]
}

function paymentRow(payment: ExportPayment): string[] {
  const blanks = RATES.flatMap(() => ['', ''])
  return [
    'Paiement',
    textCell(payment.invoiceNumber),
    frenchDate(payment.paidOn),
    '',
    textCell(payment.clientName),
    '',
    '',
    ...blanks,
    '',
    '',
    decimalComma(payment.amountCents),
    '',
    '',
    '',
    '',
    textCell(PAYMENT_MEANS_LABELS[payment.means]),
    textCell(payment.note)
  ]
}

export function invoicesCsv(invoices: readonly ExportInvoice[], payments: readonly ExportPayment[], today: string): string {
  const rows = [INVOICES_CSV_COLUMNS.map(textCell), ...invoices.map((invoice) => invoiceRow(invoice, today)), ...payments.map(paymentRow)]
  return `${BOM}${rows.map((row) => row.join(';')).join('\r\n')}\r\n`
}
