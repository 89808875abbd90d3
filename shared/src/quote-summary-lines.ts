// The wording of a quote's totals and of the company's legal identity, as the PDF prints them and
// the pages show them.
import { formatSiret, type CompanyProfile } from './company.js'
import { formatEuros, formatVatRate } from './money.js'
import type { Quote } from './quote.js'
import { FRANCHISE_MENTION } from './quote-mentions.js'

export interface TotalsRow {
  label: string
  /** Empty for a mention without an amount (the franchise en base). */
  amount: string
  /** The total to pay (TTC). */
  strong?: boolean
}

/** The rows under the lines, in reading order: HT, VAT of each rate on its base, TTC, deposit. */
export function totalsRows(quote: Pick<Quote, 'totals' | 'franchiseEnBase' | 'depositBp'>): TotalsRow[] {
  const { totals } = quote
  const rows: TotalsRow[] = [{ label: 'Total HT', amount: formatEuros(totals.totalHtCents) }]
  if (quote.franchiseEnBase) {
    rows.push({ label: FRANCHISE_MENTION, amount: '' })
  } else {
    for (const vat of totals.vat) {
      rows.push({ label: `TVA ${formatVatRate(vat.rateBp)} sur ${formatEuros(vat.baseHtCents)}`, amount: formatEuros(vat.vatCents) })
    }
    if (totals.vat.length > 1) rows.push({ label: 'Total TVA', amount: formatEuros(totals.totalVatCents) })
  }
  rows.push({ label: 'Total TTC', amount: formatEuros(totals.totalTtcCents), strong: true })
  if (quote.depositBp > 0) {
    rows.push({ label: `Acompte de ${formatVatRate(quote.depositBp)} du TTC`, amount: formatEuros(totals.depositCents) })
  }
  return rows
}

/** Legal form, SIRET, RCS/RM and VAT number (none under the franchise en base); empty ones left out. */
export function companyLegalLines(company: CompanyProfile, franchiseEnBase: boolean): string[] {
  return [
    company.legalForm,
    company.siret.trim() === '' ? '' : `SIRET ${formatSiret(company.siret)}`,
    company.registration,
    // No VAT is charged under the franchise en base, so no VAT number is printed.
    franchiseEnBase || company.vatNumber.trim() === '' ? '' : `TVA intracommunautaire ${company.vatNumber}`
  ].filter((line) => line.trim() !== '')
}
