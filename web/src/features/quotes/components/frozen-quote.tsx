import type { ReactNode } from 'react'
import { formatLongDate } from '@paraphe/shared/dates'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { quoteRows, sectionTitle } from '@paraphe/shared/quote-sections'
import { UNIT_LABELS, type Quote } from '@paraphe/shared/quote'
import { formatDiscount, hasDiscount } from '@paraphe/shared/line-discount'
import { formatQuantityInput } from '@paraphe/shared/decimal-input'
import { TotalsPanel } from './totals-panel'

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="facts__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const orDash = (text: string) => (text.trim() === '' ? '—' : text)

/** A quote that can no longer change (sent, signed…), as its client sees it. */
export function FrozenQuote({ quote }: { quote: Quote }) {
  const { client } = quote
  return (
    <div className="frozen-quote">
      <section className="form-section" aria-labelledby="frozen-client">
        <h2 id="frozen-client" className="form-section__legend">
          Client
        </h2>
        <dl className="facts">
          <Fact term={client.kind === 'business' ? 'Contact' : 'Nom'}>{orDash(client.name)}</Fact>
          {client.company === '' ? null : <Fact term="Société">{client.company}</Fact>}
          <Fact term="E-mail">{orDash(client.email)}</Fact>
          {client.phone === '' ? null : <Fact term="Téléphone">{client.phone}</Fact>}
          <Fact term="Adresse">
            <span className="preserve-lines">{orDash(client.address)}</span>
          </Fact>
        </dl>
      </section>
      <section className="form-section" aria-labelledby="frozen-work">
        <h2 id="frozen-work" className="form-section__legend">
          Devis et travaux
        </h2>
        <dl className="facts">
          <Fact term="Titre">{orDash(quote.title)}</Fact>
          <Fact term="Date du devis">{formatLongDate(quote.issueDate)}</Fact>
          <Fact term="Validité">
            {quote.expiresOn === null ? `${quote.validityDays} jours` : `jusqu’au ${formatLongDate(quote.expiresOn)}`}
          </Fact>
          {quote.siteAddress === '' ? null : (
            <Fact term="Adresse du chantier">
              <span className="preserve-lines">{quote.siteAddress}</span>
            </Fact>
          )}
          {quote.workStartDate === null ? null : <Fact term="Début des travaux">{formatLongDate(quote.workStartDate)}</Fact>}
          {quote.workDuration === '' ? null : <Fact term="Durée estimée">{quote.workDuration}</Fact>}
        </dl>
      </section>
      <section className="form-section" aria-labelledby="frozen-lines">
        <h2 id="frozen-lines" className="form-section__legend">
          Lignes du devis
        </h2>
        <ol className="line-summaries">
          {quoteRows(quote.lines, quote.totals.lineHtCents).map((row) => {
            if (row.kind === 'section') {
              return (
                <li key={row.section.id} className="line-summary line-summary--section">
                  <p className="line-summary__section">{sectionTitle(row.section)}</p>
                </li>
              )
            }
            if (row.kind === 'subtotal') {
              return (
                <li key={`${row.section.id}-subtotal`} className="line-summary line-summary--subtotal">
                  <p className="line-summary__total">
                    {row.label}&#8239;: <strong>{formatEuros(row.htCents)}</strong> HT
                  </p>
                </li>
              )
            }
            const { line } = row
            return (
              <li key={line.id} className="line-summary">
                <p className="line-summary__description preserve-lines">{orDash(line.description)}</p>
                <p className="line-summary__amounts">
                  {formatQuantityInput(line.quantityMilli)} <abbr title={UNIT_LABELS[line.unit]}>{line.unit}</abbr> ×{' '}
                  {formatEuros(line.unitPriceCents)} HT
                  {hasDiscount(line) ? `, remise ${formatDiscount(line)}` : ''}
                  {quote.franchiseEnBase ? '' : `, TVA ${formatVatRate(line.vatRateBp)}`}
                </p>
                <p className="line-summary__total">
                  Total HT&#8239;: <strong>{formatEuros(row.htCents)}</strong>
                </p>
              </li>
            )
          })}
        </ol>
      </section>
      <TotalsPanel totals={quote.totals} franchiseEnBase={quote.franchiseEnBase} depositBp={quote.depositBp} />
      {quote.paymentTerms === '' && quote.conditions === '' && quote.notes === '' ? null : (
        <section className="form-section" aria-labelledby="frozen-terms">
          <h2 id="frozen-terms" className="form-section__legend">
            Paiement et conditions
          </h2>
          <dl className="facts">
            {quote.paymentTerms === '' ? null : (
              <Fact term="Conditions de paiement">
                <span className="preserve-lines">{quote.paymentTerms}</span>
              </Fact>
            )}
            {quote.conditions === '' ? null : (
              <Fact term="Conditions d’exécution et garanties">
                <span className="preserve-lines">{quote.conditions}</span>
              </Fact>
            )}
            {quote.notes === '' ? null : (
              <Fact term="Notes">
                <span className="preserve-lines">{quote.notes}</span>
              </Fact>
            )}
          </dl>
        </section>
      )}
    </div>
  )
}
