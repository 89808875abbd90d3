import { Link } from 'react-router-dom'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import type { Quote } from '@paraphe/shared/quote'
import { useQuoteInvoicing } from '../api/get-quote-invoicing'

/**
 * A signed quote's invoicing. Right after the signature (nothing invoiced yet) it comes first on
 * the page and offers the deposit; afterwards it says what has been invoiced and leads to the next invoice.
 */
export function QuoteInvoicingBox({ quote }: { quote: Quote }) {
  const { data: invoicing } = useQuoteInvoicing(quote.id)
  if (invoicing === undefined) return null
  const started = invoicing.invoices.length > 0
  const remaining = Math.max(0, invoicing.quoteTotalTtcCents - invoicing.invoicedTtcCents)
  // The figure counts deposits and situations; the final invoice asks the rest, so once it is
  // issued the whole quote is invoiced.
  const invoiced = invoicing.finalIssued ? invoicing.quoteTotalTtcCents : invoicing.invoicedTtcCents
  return (
    <section className={started ? 'invoicing-box' : 'invoicing-box invoicing-box--offer'} aria-labelledby="invoicing-box-title">
      <h2 id="invoicing-box-title">{started ? 'Facturation' : 'Devis signé\u202f: facturez l’acompte'}</h2>
      {started ? (
        <p>
          Facturé&#8239;: {formatEuros(invoiced)} TTC sur {formatEuros(invoicing.quoteTotalTtcCents)}
          {invoicing.progressBp > 0 ? ` (avancement ${formatVatRate(invoicing.progressBp)})` : ''}
          {invoicing.finalIssued ? ', solde facturé.' : `, reste ${formatEuros(remaining)} TTC.`}
        </p>
      ) : (
        <p>
          {invoicing.depositBp > 0
            ? `Le devis prévoit un acompte de ${formatVatRate(invoicing.depositBp)} sur ${formatEuros(invoicing.quoteTotalTtcCents)} TTC : facturez-le maintenant, votre client le règle avant le début des travaux.`
            : 'Facturez un acompte, une situation au fil du chantier, puis le solde : chaque facture reprend le devis signé.'}
        </p>
      )}
      {invoicing.finalIssued ? (
        <p>
          <Link to={paths.quoteInvoicing.href(quote.id)}>Voir les factures de ce devis</Link>
        </p>
      ) : (
        <ul className="invoicing-box__actions">
          <li>
            <Link
              className={started ? 'button button--ghost' : 'button button--primary'}
              to={paths.quoteInvoicing.href(quote.id, 'acompte')}
            >
              Facturer l’acompte
            </Link>
          </li>
          <li>
            <Link
              className={started ? 'button button--primary' : 'button button--ghost'}
              to={paths.quoteInvoicing.href(quote.id, 'situation')}
            >
              Facture de situation
            </Link>
          </li>
          <li>
            <Link className="button button--ghost" to={paths.quoteInvoicing.href(quote.id, 'solde')}>
              Facture de solde
            </Link>
          </li>
        </ul>
      )}
    </section>
  )
}
