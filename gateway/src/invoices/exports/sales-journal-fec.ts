// The sales journal of a period in the layout of the FEC (fichier des écritures comptables,
// article A47 A-1 du LPF): the 18 columns, `|` separated, dates AAAAMMJJ, decimal comma, one
// balanced entry per invoice issued in the period. An accountant imports it into the company's
// books; it is not the company's whole FEC (Paraphe keeps no other journal).
//
// Accounts (Plan comptable général), the company's setting (shared/src/invoices/accounting-accounts.ts),
// by default on six digits as most accounting software writes them:
//   411000 Clients — debit of the TTC, with the client as auxiliary account (CompAuxNum);
//   704000 Travaux (services, or goods and services mixed, of a building-trade quote), 706000
//          Prestations de services (other services or mixed) or 707000 Ventes de marchandises
//          (goods) — credit of the HT, one line per VAT rate;
//   445710 TVA collectée — credit of the VAT, one line per rate (none under the 293 B franchise
//          or reverse charge, where no VAT is collected).
// Deposits and situations are booked as sales like the others, and a final invoice books what it
// invoices net of them (its lines less the deductions): each invoice's entry equals its own totals.
// A credit note is the same entry with debit and credit swapped.
import {
  CUSTOMER_ACCOUNT_LABEL,
  REVENUE_ACCOUNT_LABELS,
  revenueKind,
  VAT_ACCOUNT_LABEL,
  type AccountingAccounts
} from '@paraphe/shared/invoices/accounting-accounts'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { clientDisplayName } from '@paraphe/shared/quote'
import { decimalComma } from './invoices-csv.js'
import type { ExportInvoice } from './export-period.js'

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise'
] as const

export const SALES_JOURNAL = { code: 'VT', label: 'Ventes' } as const

/** `2026-11-26` → `20261126`. */
const fecDate = (isoDate: string) => isoDate.replaceAll('-', '')

/** A field: the separator and line breaks would break the columns. */
const field = (text: string) => text.replace(/[|\r\n\t]+/g, ' ').trim()

const rateText = (rateBp: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(rateBp / 100)} %`

/** The client's auxiliary account: `C` and their SIREN for a business, else letters and digits of their name. */
export function clientAuxiliary(buyer: ExportInvoice['document']['buyer']): string {
  if (buyer.siren !== null) return `C${buyer.siren}`
  const letters = clientDisplayName(buyer)
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
  return `C${letters.slice(0, 16) || 'DIVERS'}`
}

function entryLines(invoice: ExportInvoice, accounts: AccountingAccounts): string[][] {
  const { document } = invoice
  const totals = computeInvoiceTotals(document)
  const credit = invoice.kind === 'credit_note'
  const client = field(clientDisplayName(document.buyer))
  const label = field(`${credit ? 'Avoir' : 'Facture'} ${invoice.number} ${client}`)
  const kind = revenueKind(document.operation, invoice.buildingWork)
  const sales = { number: accounts[kind], label: REVENUE_ACCOUNT_LABELS[kind] }
  const customers = { number: accounts.customers, label: CUSTOMER_ACCOUNT_LABEL }
  // A rate without an account of its own (none today) goes to the standard rate's.
  const vatAccount = (rateBp: number) => ({
    number: (accounts.vat as Record<string, string | undefined>)[String(rateBp)] ?? accounts.vat['2000'],
    label: VAT_ACCOUNT_LABEL
  })
  const line = (
    account: { number: string; label: string },
    accountLabel: string,
    debitCents: number,
    creditCents: number,
    auxiliary: boolean
  ): string[] => [
    SALES_JOURNAL.code,
    SALES_JOURNAL.label,
    invoice.number,
    fecDate(invoice.issueDate),
    account.number,
    accountLabel,
    auxiliary ? clientAuxiliary(document.buyer) : '',
    auxiliary ? client : '',
    invoice.number,
    fecDate(invoice.issueDate),
    label,
    decimalComma(debitCents),
    decimalComma(creditCents),
    '',
    '',
    fecDate(invoice.issueDate),
    '',
    ''
  ]
  // Sales side: debit for an invoice's client, credit for its sales and VAT; a credit note swaps.
  const side = (cents: number, onDebit: boolean): [number, number] => (onDebit !== credit ? [cents, 0] : [0, cents])
  const lines = [line(customers, customers.label, ...side(totals.totalTtcCents, true), true)]
  for (const row of totals.vat) {
    if (row.baseCents !== 0) lines.push(line(sales, `${sales.label} ${rateText(row.rateBp)}`, ...side(row.baseCents, false), false))
  }
  for (const row of totals.vat) {
    if (row.vatCents !== 0)
      lines.push(line(vatAccount(row.rateBp), `${VAT_ACCOUNT_LABEL} ${rateText(row.rateBp)}`, ...side(row.vatCents, false), false))
  }
  return lines
}

export function salesJournalFec(invoices: readonly ExportInvoice[], accounts: AccountingAccounts): string {
  const rows = [[...FEC_COLUMNS], ...invoices.flatMap((invoice) => entryLines(invoice, accounts))]
  return `${rows.map((row) => row.join('|')).join('\r\n')}\r\n`
}

/** The FEC's own file name: SIREN, « FEC », the closing date of the period. */
export function fecFileName(siren: string, to: string): string {
  return `${siren}FEC${fecDate(to)}.txt`
}
