import { useCallback, useEffect, useState } from 'react'
import { useHeaderBrand } from '@/components/layout/header-brand'
import { useFocusOnChange } from '@/hooks/use-focus-on-change'
import { useSignalEffect } from '@/hooks/use-signal-effect'
import { asApiError, useApiClient, type ApiError } from '@/lib/api-client'
import { invoicePaymentApi, type InvoiceLinkView } from '../api/invoice-payment-api'
import { InvoicePaymentView } from './invoice-payment-view'

type Load = { kind: 'loading' } | { kind: 'ready'; invoice: InvoiceLinkView } | { kind: 'failed'; error: ApiError }

/** The page of one invoice link: reads the invoice, then shows it, or why the link does not work. */
/** How often, and how many times, the page asks again after Stripe sent the client back (its event records the payment). */
const CARD_RETURN_POLL_MS = 1500
const CARD_RETURN_POLLS = 40

/** `cardReturn`: back from Stripe's payment page. */
export default function InvoicePaymentLink({ token, cardReturn = false }: { token: string; cardReturn?: boolean }) {
  const api = useApiClient()
  const [load, setLoad] = useState<Load>({ kind: 'loading' })

  const read = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLoad({ kind: 'ready', invoice: await invoicePaymentApi.view(api, token, signal) })
      } catch (error) {
        if (signal?.aborted !== true) setLoad({ kind: 'failed', error: asApiError(error) })
      }
    },
    [api, token]
  )

  useSignalEffect((signal) => void read(signal), [read])

  // Back from Stripe: its event may arrive a moment after the client; the page follows.
  const waiting = cardReturn && load.kind === 'ready' && load.invoice.remainingCents > 0
  const [polls, setPolls] = useState(0)
  useEffect(() => {
    if (!waiting || polls >= CARD_RETURN_POLLS) return
    const timer = setTimeout(() => {
      setPolls((count) => count + 1)
      void read()
    }, CARD_RETURN_POLL_MS)
    return () => clearTimeout(timer)
  }, [waiting, polls, read])

  // The header speaks in the professional's name once the invoice is read.
  useHeaderBrand(load.kind === 'ready' ? { name: load.invoice.seller.name, logoUrl: null } : null)
  const headingRef = useFocusOnChange<HTMLHeadingElement>(load.kind)

  if (load.kind === 'loading') {
    return (
      <article className="invoice-payment invoice-payment--pending">
        <h1>Facture</h1>
        <p role="status">Chargement de la facture…</p>
      </article>
    )
  }
  if (load.kind === 'failed') {
    const gone = load.error.status === 404 || load.error.status === 410
    return (
      <article className="invoice-payment">
        <h1 ref={headingRef} tabIndex={-1}>
          {gone ? 'Lien de facture introuvable' : 'Facture'}
        </h1>
        <div className={`notice ${gone ? 'notice--warning' : 'notice--error'}`} role="alert">
          <p>{load.error.message}</p>
        </div>
        {gone ? null : (
          <p className="actions">
            <button type="button" className="button button--primary" onClick={() => void read()}>
              Réessayer
            </button>
          </p>
        )}
      </article>
    )
  }
  return <InvoicePaymentView invoice={load.invoice} token={token} headingRef={headingRef} cardReturn={cardReturn} />
}
