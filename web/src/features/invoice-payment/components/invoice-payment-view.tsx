import type { Ref } from 'react'
import { INVOICE_PAYMENT_STATUS_LABELS } from '@paraphe/shared/api/invoice-schemas'
import { formatLongDate } from '@paraphe/shared/dates'
import { INVOICE_KIND_LABELS } from '@paraphe/shared/invoices/invoice-document'
import { formatEuros } from '@paraphe/shared/money'
import { invoicePaymentApi, type InvoiceLinkView } from '../api/invoice-payment-api'
import { CardPayment } from './card-payment'
import { TransferDetails } from './transfer-details'

/** What the status badge says to the client (« À encaisser » is the professional's word). */
function statusLabel(invoice: InvoiceLinkView): string | null {
  if (invoice.paymentStatus === null) return null
  if (invoice.paymentStatus === 'unpaid') return 'À régler'
  return INVOICE_PAYMENT_STATUS_LABELS[invoice.paymentStatus]
}

/** One invoice as its client sees it: who, how much, by when, its status, the PDF and how to pay. */
export function InvoicePaymentView({
  invoice,
  token,
  headingRef,
  cardReturn = false
}: {
  invoice: InvoiceLinkView
  token: string
  headingRef?: Ref<HTMLHeadingElement>
  /** Back from Stripe's payment page: says where the payment stands. */
  cardReturn?: boolean
}) {
  const status = statusLabel(invoice)
  const credit = invoice.kind === 'credit_note'
  return (
    <article className="invoice-payment">
      <header className="page-intro">
        <p className="invoice-payment__from">{invoice.seller.name}</p>
        <h1 ref={headingRef} tabIndex={-1}>
          {INVOICE_KIND_LABELS[invoice.kind]} <span className="quote-number">{invoice.number}</span>
        </h1>
        {status === null ? null : (
          <p className={`invoice-status invoice-status--${invoice.paymentStatus ?? 'none'}`} role="status">
            {status}
          </p>
        )}
      </header>

      {cardReturn ? (
        invoice.remainingCents === 0 ? (
          <p className="notice notice--success" role="status">
            Merci&#8239;: votre paiement par carte est enregistré.
          </p>
        ) : (
          <p className="notice" role="status">
            Votre paiement par carte est en cours d’enregistrement&#8239;: cette page se met à jour d’elle-même.
          </p>
        )
      ) : null}

      <section aria-labelledby="invoice-amounts-title">
        <h2 id="invoice-amounts-title" className="visually-hidden">
          Montants
        </h2>
        <dl className="invoice-facts invoice-facts--main">
          {credit ? (
            <div>
              <dt>Montant de l’avoir TTC</dt>
              <dd className="invoice-facts__amount">{formatEuros(invoice.totalTtcCents)}</dd>
            </div>
          ) : (
            <>
              <div>
                <dt>Reste à régler</dt>
                <dd className="invoice-facts__amount">{formatEuros(invoice.remainingCents)}</dd>
              </div>
              <div>
                <dt>Échéance</dt>
                <dd>{formatLongDate(invoice.dueDate)}</dd>
              </div>
              <div>
                <dt>Montant de la facture TTC</dt>
                <dd>{formatEuros(invoice.totalTtcCents)}</dd>
              </div>
              {invoice.amountDueCents !== invoice.totalTtcCents ? (
                <div>
                  <dt>Net à payer (après retenue de garantie)</dt>
                  <dd>{formatEuros(invoice.amountDueCents)}</dd>
                </div>
              ) : null}
              {invoice.paidCents > 0 ? (
                <div>
                  <dt>Déjà réglé</dt>
                  <dd>{formatEuros(invoice.paidCents)}</dd>
                </div>
              ) : null}
              {invoice.creditedCents > 0 ? (
                <div>
                  <dt>Avoirs</dt>
                  <dd>{formatEuros(invoice.creditedCents)}</dd>
                </div>
              ) : null}
            </>
          )}
          <div>
            <dt>{credit ? 'Date de l’avoir' : 'Date de la facture'}</dt>
            <dd>{formatLongDate(invoice.issueDate)}</dd>
          </div>
          <div>
            <dt>Adressée à</dt>
            <dd>{invoice.buyerName}</dd>
          </div>
        </dl>
        <p>
          <a className="button button--ghost" href={invoicePaymentApi.pdfHref(token)} download>
            {credit ? 'Télécharger l’avoir (PDF)' : 'Télécharger la facture (PDF)'}
          </a>
        </p>
      </section>

      {invoice.cardPayment && !cardReturn ? (
        <CardPayment token={token} amountCents={invoice.remainingCents} sellerName={invoice.seller.name} />
      ) : null}

      {invoice.transfer === null ? (
        credit || invoice.remainingCents === 0 ? null : (
          <p className="notice notice--warning">
            {invoice.seller.name} n’a pas indiqué de coordonnées bancaires&#8239;: le mode de règlement figure sur la facture (PDF).
          </p>
        )
      ) : (
        <TransferDetails transfer={invoice.transfer} />
      )}

      <section aria-labelledby="invoice-seller-title">
        <h2 id="invoice-seller-title">Émise par</h2>
        <address className="invoice-seller">
          <strong>{invoice.seller.name}</strong>
          {invoice.seller.legalForm === '' ? null : <span>{invoice.seller.legalForm}</span>}
          {invoice.seller.addressLines.map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span>SIRET {invoice.seller.siret}</span>
          {invoice.seller.email === '' ? null : <a href={`mailto:${invoice.seller.email}`}>{invoice.seller.email}</a>}
          {invoice.seller.phone === '' ? null : <span>{invoice.seller.phone}</span>}
        </address>
      </section>

      {credit ? null : (
        <section aria-labelledby="invoice-terms-title">
          <h2 id="invoice-terms-title">Conditions de règlement</h2>
          <p className="invoice-terms">{invoice.latePenalty}</p>
          <p className="invoice-terms">{invoice.recoveryIndemnity}</p>
        </section>
      )}
    </article>
  )
}
