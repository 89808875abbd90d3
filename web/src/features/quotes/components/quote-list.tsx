import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { formatDateTime, formatLongDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import type { QuoteSummary } from '@paraphe/shared/quote'
import { paths } from '@paraphe/shared/paths'
import { dayOf } from '../lib/format-day'
import { StatusBadge } from '@/components/ui/status-badge'

export interface QuoteListProps {
  quotes: readonly QuoteSummary[]
  /**
   * The first quote of the page « Afficher plus » just added: its link takes the focus, so a
   * keyboard or screen-reader user goes on reading where the new quotes start.
   */
  focusIndex?: number | null
}

/** The quotes as cards (one column on a phone, a grid on wider screens), newest first. */
export function QuoteList({ quotes, focusIndex = null }: QuoteListProps) {
  const focused = useRef<HTMLAnchorElement | null>(null)
  useEffect(() => {
    if (focusIndex !== null) focused.current?.focus()
  }, [focusIndex])
  return (
    <ul className="quote-list">
      {quotes.map((quote, index) => (
        <li key={quote.id} className="quote-card">
          <p className="quote-card__head">
            <StatusBadge status={quote.status} />
            <span className="quote-card__number">{quote.number ?? 'Brouillon'}</span>
          </p>
          <h3 className="quote-card__title">
            <Link to={paths.quote.href(quote.id)} ref={index === focusIndex ? focused : undefined}>
              {quote.title.trim() === '' ? 'Devis sans titre' : quote.title}
            </Link>
          </h3>
          <p className="quote-card__client">{quote.clientName.trim() === '' ? 'Client non renseigné' : quote.clientName}</p>
          <p className="quote-card__amount">
            {formatEuros(quote.totalTtcCents)} <abbr title="toutes taxes comprises">TTC</abbr>
          </p>
          <dl className="quote-card__dates">
            <div>
              <dt>Date du devis</dt>
              <dd>{formatLongDate(quote.issueDate)}</dd>
            </div>
            {quote.sentAt === null ? (
              <div>
                <dt>Modifié le</dt>
                <dd>
                  <time dateTime={quote.updatedAt} title={formatDateTime(quote.updatedAt)}>
                    {dayOf(quote.updatedAt)}
                  </time>
                </dd>
              </div>
            ) : (
              <div>
                <dt>Envoyé le</dt>
                <dd>{dayOf(quote.sentAt)}</dd>
              </div>
            )}
            {quote.expiresOn === null ? null : (
              <div>
                <dt>Valable jusqu’au</dt>
                <dd>{formatLongDate(quote.expiresOn)}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  )
}
