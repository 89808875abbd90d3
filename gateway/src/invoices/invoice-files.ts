// The file names of an invoice's downloads.
import type { InvoiceKind } from '@paraphe/shared/invoices/invoice-document'

/** `Facture-F-2026-0001.pdf`, `Avoir-F-2026-0004.xml`. */
export function invoiceFileName(kind: InvoiceKind, number: string, extension: 'pdf' | 'xml'): string {
  return `${kind === 'credit_note' ? 'Avoir' : 'Facture'}-${number}.${extension}`
}
