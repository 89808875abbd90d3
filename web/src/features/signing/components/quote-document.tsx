import { companyLegalLines, totalsRows } from '@paraphe/shared/quote-summary-lines'
import { formatQuantity } from '@paraphe/shared/decimal-input'
import type { ReactNode } from 'react'
import type { CompanyProfile } from '@paraphe/shared/company'
import { formatLongDate } from '@paraphe/shared/dates'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { UNIT_LABELS, type Quote } from '@paraphe/shared/quote'
import { quoteRows, sectionTitle, workLines } from '@paraphe/shared/quote-sections'
import { formatDiscount, hasDiscount } from '@paraphe/shared/line-discount'
import { BANK_DETAILS_TITLE, depositBankRows } from '@paraphe/shared/bank-details'
import { HOUSING_WORK_CERTIFICATION, HOUSING_WORK_CERTIFICATION_TITLE, needsHousingWorkCertification } from '@paraphe/shared/quote-mentions'
import {
  isConsumerClient,
  MEDIATION_TITLE,
  mediatorMention,
  WITHDRAWAL_FORM_TITLE,
  WITHDRAWAL_TITLE,
  withdrawalMention
} from '@paraphe/shared/consumer-mentions'

function Lines({ text }: { text: string }) {
  return <span className="signing-doc__lines">{text}</span>
}

/** Short labelled values (bank details, insurance): a description list. */
function LabelledRows({ rows }: { rows: ReadonlyArray<{ label: string; value: string }> }) {
  return (
    <dl className="signing-doc__insurance">
      {rows.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="signing-doc__block" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  )
}

/**
 * A statutory text, the same words on every quote (the housing-work attestation, the right of
 * withdrawal, the mediator): folded under its title, opened with a tap, in the page and in the
 * PDF alike — on a phone they were a third of the page's height above the signature.
 */
function StatutoryBlock({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <details className="signing-doc__block signing-doc__statutory">
      <summary>
        <h3 id={id}>{title}</h3>
        <span className="signing-doc__read" aria-hidden="true">
          Lire
        </span>
      </summary>
      {children}
    </details>
  )
}

/** The quote as its PDF shows it: who, for whom, the lines, the totals and the mentions. */
export function QuoteDocument({ quote, company }: { quote: Quote; company: CompanyProfile }) {
  const { client } = quote
  const discount = workLines(quote.lines).some(hasDiscount)
  const columns = 5 + (quote.franchiseEnBase ? 0 : 1) + (discount ? 1 : 0)
  const insurance = [
    { label: 'Assureur', value: company.insurer },
    { label: 'Couverture géographique', value: company.insuranceCoverage },
    { label: 'Police n°', value: company.insurancePolicy }
  ].filter(({ value }) => value.trim() !== '')
  const bank = depositBankRows(quote.depositBp, company)
  const mediator = mediatorMention(company)
  const terms = [
    { id: 'payment', title: 'Conditions de paiement', text: quote.paymentTerms },
    { id: 'conditions', title: 'Conditions', text: quote.conditions },
    { id: 'notes', title: 'Notes', text: quote.notes }
  ].filter(({ text }) => text.trim() !== '')
  return (
    <section className="signing-doc card" aria-labelledby="signing-doc-title">
      <h2 id="signing-doc-title">Le devis</h2>
      <div className="signing-doc__parties">
        <Block id="signing-doc-company" title="Entreprise">
          <address>
            <p className="signing-doc__name">{company.companyName}</p>
            <p>
              <Lines text={company.address} />
            </p>
            {companyLegalLines(company, quote.franchiseEnBase).map((line) => (
              <p key={line}>{line}</p>
            ))}
            {company.email.trim() === '' ? null : (
              <p>
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </p>
            )}
            {company.phone.trim() === '' ? null : (
              <p>
                Tél.&#8239;: <a href={`tel:${company.phone.replace(/\s/g, '')}`}>{company.phone}</a>
              </p>
            )}
          </address>
        </Block>
        <Block id="signing-doc-client" title="Client">
          <address>
            {client.company.trim() === '' ? null : <p className="signing-doc__name">{client.company}</p>}
            <p className={client.company.trim() === '' ? 'signing-doc__name' : undefined}>{client.name}</p>
            <p>
              <Lines text={client.address} />
            </p>
            {client.email.trim() === '' ? null : <p>{client.email}</p>}
            {client.phone.trim() === '' ? null : <p>Tél.&#8239;: {client.phone}</p>}
          </address>
          {quote.siteAddress.trim() === '' ? null : (
            <>
              <h4>Adresse du chantier</h4>
              <address>
                <Lines text={quote.siteAddress} />
              </address>
            </>
          )}
        </Block>
      </div>

      <dl className="signing-doc__facts">
        <div>
          <dt>Objet</dt>
          <dd>{quote.title}</dd>
        </div>
        <div>
          <dt>Date du devis</dt>
          <dd>{formatLongDate(quote.issueDate)}</dd>
        </div>
        <div>
          <dt>Validité</dt>
          <dd>{quote.expiresOn === null ? `${quote.validityDays} jours` : `jusqu’au ${formatLongDate(quote.expiresOn)}`}</dd>
        </div>
        {quote.workStartDate === null || quote.workStartDate === '' ? null : (
          <div>
            <dt>Début des travaux</dt>
            <dd>{formatLongDate(quote.workStartDate)}</dd>
          </div>
        )}
        {quote.workDuration.trim() === '' ? null : (
          <div>
            <dt>Durée estimée</dt>
            <dd>{quote.workDuration}</dd>
          </div>
        )}
      </dl>

      <table className="signing-lines">
        <caption>Détail des prestations</caption>
        <thead>
          <tr>
            <th scope="col">Désignation</th>
            <th scope="col">Qté</th>
            <th scope="col">Unité</th>
            <th scope="col">PU HT</th>
            {quote.franchiseEnBase ? null : <th scope="col">TVA</th>}
            {discount ? <th scope="col">Remise</th> : null}
            <th scope="col">Total HT</th>
          </tr>
        </thead>
        <tbody>
          {quoteRows(quote.lines, quote.totals.lineHtCents).map((row) => {
            if (row.kind === 'section') {
              return (
                <tr key={row.section.id} className="signing-lines__section">
                  <th scope="colgroup" colSpan={columns}>
                    {sectionTitle(row.section)}
                  </th>
                </tr>
              )
            }
            if (row.kind === 'subtotal') {
              return (
                <tr key={`${row.section.id}-subtotal`} className="signing-lines__subtotal">
                  <th scope="row" colSpan={columns - 1}>
                    {row.label}
                  </th>
                  <td data-label="Sous-total HT" className="signing-lines__total">
                    {formatEuros(row.htCents)}
                  </td>
                </tr>
              )
            }
            const { line } = row
            return (
              <tr key={line.id}>
                <th scope="row" className="signing-lines__description">
                  <Lines text={line.description} />
                </th>
                <td data-label="Quantité">{formatQuantity(line.quantityMilli)}</td>
                <td data-label="Unité">
                  <abbr title={UNIT_LABELS[line.unit]}>{line.unit}</abbr>
                </td>
                <td data-label="Prix unitaire HT" className="signing-lines__price">
                  {formatEuros(line.unitPriceCents)}
                </td>
                {quote.franchiseEnBase ? null : (
                  <td data-label="TVA" className="signing-lines__vat">
                    {formatVatRate(line.vatRateBp)}
                  </td>
                )}
                {discount ? (
                  <td data-label="Remise" className="signing-lines__discount">
                    {hasDiscount(line) ? formatDiscount(line) : '—'}
                  </td>
                ) : null}
                <td data-label="Total HT" className="signing-lines__total">
                  {formatEuros(row.htCents)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>

      <dl className="signing-totals">
        {totalsRows(quote).map((row) => (
          <div key={row.label} className={row.strong === true ? 'signing-totals__row signing-totals__row--grand' : 'signing-totals__row'}>
            <dt>{row.label}</dt>
            <dd>{row.amount}</dd>
          </div>
        ))}
      </dl>

      {terms.map(({ id, title, text }) => (
        <Block key={id} id={`signing-doc-${id}`} title={title}>
          <p>
            <Lines text={text} />
          </p>
        </Block>
      ))}
      {bank === null ? null : (
        <Block id="signing-doc-bank" title={BANK_DETAILS_TITLE}>
          <LabelledRows rows={bank} />
        </Block>
      )}
      {needsHousingWorkCertification(
        workLines(quote.lines).map((line) => line.vatRateBp),
        !quote.franchiseEnBase
      ) ? (
        <StatutoryBlock id="signing-doc-housing" title={HOUSING_WORK_CERTIFICATION_TITLE}>
          <p>{HOUSING_WORK_CERTIFICATION}</p>
        </StatutoryBlock>
      ) : null}
      {/* What the PDF prints for a private client, shown before the signature too. */}
      {isConsumerClient(quote.client) ? (
        <StatutoryBlock id="signing-doc-withdrawal" title={WITHDRAWAL_TITLE}>
          <p>{withdrawalMention(company)}</p>
          <p>Le {WITHDRAWAL_FORM_TITLE.toLowerCase()} figure à la fin du PDF du devis.</p>
        </StatutoryBlock>
      ) : null}
      {isConsumerClient(quote.client) && mediator !== null ? (
        <StatutoryBlock id="signing-doc-mediation" title={MEDIATION_TITLE}>
          <p>{mediator}</p>
        </StatutoryBlock>
      ) : null}
      {quote.buildingTrade && insurance.length > 0 ? (
        <Block id="signing-doc-insurance" title="Assurance professionnelle">
          <LabelledRows rows={insurance} />
        </Block>
      ) : null}
    </section>
  )
}
