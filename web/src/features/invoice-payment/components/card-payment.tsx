import { useState } from 'react'
import { formatEuros } from '@paraphe/shared/money'
import { asApiError, useApiClient } from '@/lib/api-client'
import { invoicePaymentApi } from '../api/invoice-payment-api'

/**
 * « Payer par carte »: Stripe's payment page on the professional's own account, for the rest owed
 * (the gateway sets the amount; the page only asks for the session).
 */
export function CardPayment({ token, amountCents, sellerName }: { token: string; amountCents: number; sellerName: string }) {
  const api = useApiClient()
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const pay = () => {
    setPending(true)
    setProblem(null)
    invoicePaymentApi.cardCheckout(api, token).then(
      (url) => window.location.assign(url),
      (error: unknown) => {
        setPending(false)
        setProblem(asApiError(error).message)
      }
    )
  }
  return (
    <section className="invoice-card" id="payer-par-carte" aria-labelledby="invoice-card-title">
      <h2 id="invoice-card-title">Payer par carte</h2>
      <p>
        Paiement sécurisé par Stripe, directement à {sellerName}&#8239;: {formatEuros(amountCents)}.
      </p>
      <p className="actions">
        <button type="button" className="button button--primary" onClick={pay} disabled={pending}>
          {pending ? 'Ouverture du paiement…' : `Payer ${formatEuros(amountCents)} par carte`}
        </button>
      </p>
      {problem === null ? null : (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
