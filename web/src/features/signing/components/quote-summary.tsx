import { formatLongDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import type { Quote } from '@paraphe/shared/quote'

/** The quote in a few facts, for the pages of a link that can no longer be signed. */
export function QuoteSummary({ quote, companyName }: { quote: Quote; companyName: string }) {
  return (
    <dl className="signing-summary">
      <div>
        <dt>Devis</dt>
        <dd>{quote.number === null ? quote.title : `n° ${quote.number} — ${quote.title}`}</dd>
      </div>
      <div>
        <dt>Entreprise</dt>
        <dd>{companyName}</dd>
      </div>
      <div>
        <dt>Date du devis</dt>
        <dd>{formatLongDate(quote.issueDate)}</dd>
      </div>
      <div>
        <dt>Montant TTC</dt>
        <dd>{formatEuros(quote.totals.totalTtcCents)}</dd>
      </div>
    </dl>
  )
}
