import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useHydrated } from '@/hooks/use-hydrated'
import type { RouteHandle } from '@/lib/route-handle'
import { InvoicePaymentGuide } from '../components/invoice-payment-guide'

export const handle: RouteHandle = {
  title: 'Facture',
  description: 'Consulter une facture reçue d’un professionnel, la télécharger et la régler par virement, depuis le lien reçu par e-mail.'
}

const InvoicePaymentLink = lazy(() => import('../components/invoice-payment-link'))

/**
 * One prerendered page for every invoice link: the guide, which hydrates as it is; then, in the
 * browser, the invoice of the link's token (the query is not part of the prerender).
 */
export function Component() {
  const hydrated = useHydrated()
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  if (!hydrated || token === '') return <InvoicePaymentGuide />
  return (
    <Suspense
      fallback={
        <article className="invoice-payment invoice-payment--pending">
          <h1>Facture</h1>
          <p role="status">Chargement de la facture…</p>
        </article>
      }
    >
      <InvoicePaymentLink key={token} token={token} cardReturn={search.get('paiement') === 'carte'} />
    </Suspense>
  )
}
