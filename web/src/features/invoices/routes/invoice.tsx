import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useParams } from 'react-router-dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import { useInvoice } from '../api/get-invoice'
import type { RouteHandle } from '@/lib/route-handle'
import { InvoiceSheet } from '../components/invoice-sheet'

export const handle: RouteHandle = {
  title: 'Facture',
  description: 'Une facture, son fichier Factur-X, ses paiements et ses avoirs.'
}

export { InvoicePage as Component }

/** `/espace/factures/:id`: prerendered loading, whatever the id. */
function InvoicePage() {
  const { id = '' } = useParams()
  const load = loadOf(useInvoice(id))
  const reload = useInvalidate(queryKeys.invoices.one(id))
  const queryClient = useQueryClient()
  // An action's answer (issued, paid, sent) replaces the invoice in the cache at once; what else
  // shows invoices (the chain, the lists, the quote's invoicing) is read again.
  const changed = useCallback(
    (next: Invoice) => {
      queryClient.setQueryData(queryKeys.invoices.one(next.id), next)
      void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all, predicate: (query) => query.queryKey[1] !== 'one' })
    },
    [queryClient]
  )
  const invoice = load.kind === 'ready' && load.data.id === id ? load.data : null
  if (invoice !== null) return <InvoiceSheet key={`${invoice.id}:${invoice.status}`} invoice={invoice} onChanged={changed} />
  return (
    <article className="invoice-page">
      <header className="page-intro workspace-intro">
        <h1>Facture</h1>
      </header>
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={() => void reload()} /> : <LoadingStatus />}
    </article>
  )
}
