// The dashboard's « À encaisser »: what issued invoices still ask the clients to pay, and how
// much of it is overdue. Summed here from the invoice list, whose statuses the gateway derives
// (shared/src/invoices/invoice-payment-status.ts) — one rule, never recomputed in the browser.
import type { InvoiceSummary } from '@paraphe/shared/api/invoice-schemas'
import type { ApiClient } from './api-client'
import { invoicesApi } from './invoices-api'

export interface Receivables {
  /** Invoices with something left to pay (unpaid, partly paid or overdue). */
  count: number
  remainingCents: number
  overdueCount: number
  overdueRemainingCents: number
}

const OWED = new Set(['unpaid', 'partly_paid', 'overdue'])

export function receivablesOf(invoices: readonly Pick<InvoiceSummary, 'paymentStatus' | 'remainingCents'>[]): Receivables {
  const totals: Receivables = { count: 0, remainingCents: 0, overdueCount: 0, overdueRemainingCents: 0 }
  for (const invoice of invoices) {
    if (invoice.paymentStatus === null || !OWED.has(invoice.paymentStatus)) continue
    totals.count += 1
    totals.remainingCents += invoice.remainingCents
    if (invoice.paymentStatus === 'overdue') {
      totals.overdueCount += 1
      totals.overdueRemainingCents += invoice.remainingCents
    }
  }
  return totals
}

/** The page size the list allows at most. */
const PAGE = 100

/** Every issued invoice, page after page (a company's open invoices are few; the pages are bounded). */
export async function loadReceivables(api: ApiClient, signal?: AbortSignal): Promise<Receivables> {
  const all: InvoiceSummary[] = []
  for (let offset = 0; ; offset += PAGE) {
    const page = await invoicesApi.list(api, { status: 'issued', limit: PAGE, offset }, signal)
    all.push(...page.invoices)
    if (page.invoices.length < PAGE || all.length >= page.total) break
  }
  return receivablesOf(all)
}
