import type { Ref } from 'react'
import { formatLongDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import type { ApiClient } from '@/lib/api-client'
import { signingApi, type SigningView } from '../api/signing-api'
import { CompanyContact } from './company-contact'
import { DeclineForm } from './decline-form'
import { QuoteDocument } from './quote-document'
import { SignForm } from './sign-form'

export interface OpenQuoteProps {
  api: ApiClient
  token: string
  view: SigningView
  headingRef?: Ref<HTMLHeadingElement>
  /** The link changed state; `now`: through this page's own signature or refusal. */
  onClosed: (now: boolean) => void
  onReload: () => void
}

/** A quote waiting for its client: the document, then signing, then declining. */
export function OpenQuote({ api, token, view, headingRef, onClosed, onReload }: OpenQuoteProps) {
  const { quote, company } = view
  return (
    <article className="signing-open">
      <header className="page-intro signing-open__intro">
        <p className="eyebrow">Devis à signer</p>
        <h1 ref={headingRef} tabIndex={-1}>
          {quote.number === null ? (
            'Devis'
          ) : (
            <>
              Devis n°&#160;<span className="quote-number">{quote.number}</span>
            </>
          )}
        </h1>
        <p className="lead">
          {company.companyName} vous a envoyé ce devis&#8239;: «&#8239;{quote.title}&#8239;», {formatEuros(quote.totals.totalTtcCents)} TTC.
          Lisez-le, puis signez-le en bas de la page ou refusez-le.
        </p>
        {/* No internal status here (« envoyé », « consulté »): the client only needs what is left to do. */}
        {quote.expiresOn === null ? null : (
          <dl className="signing-status">
            <div>
              <dt>Valable jusqu’au</dt>
              <dd>{formatLongDate(quote.expiresOn)}</dd>
            </div>
          </dl>
        )}
        <p>
          <a className="button button--ghost" href={signingApi.pdfHref(token)} download>
            Télécharger le devis (PDF)
          </a>
        </p>
      </header>
      <QuoteDocument quote={quote} company={company} />
      <SignForm api={api} token={token} view={view} onClosed={onClosed} onReload={onReload} />
      <DeclineForm api={api} token={token} companyName={company.companyName} onClosed={onClosed} />
      <CompanyContact company={company} />
    </article>
  )
}
