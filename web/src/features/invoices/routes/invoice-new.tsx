import { Link, useSearchParams } from 'react-router-dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { paths } from '@paraphe/shared/paths'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { useQuery } from '@tanstack/react-query'
import { useInvalidate } from '@/hooks/use-invalidate'
import { useProfile } from '@/hooks/use-profile'
import { useWorkspace } from '@/hooks/use-workspace'
import { useHydrated } from '@/hooks/use-hydrated'
import type { ApiClient } from '@/lib/api-client'
import { clientsApi, type SavedClient } from '@/lib/clients-api'
import { invoicesApi } from '@/lib/invoices-api'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import type { RouteHandle } from '@/lib/route-handle'
import { StandardInvoiceForm } from '../components/standard-invoice-form'

export const handle: RouteHandle = {
  title: 'Nouvelle facture',
  description: 'Une facture sans devis\u202f: le client, les lignes, puis le brouillon à relire avant de l’émettre.'
}

export { InvoiceNewPage as Component }

interface NewInvoiceData {
  savedClients: SavedClient[]
  /** The draft without a quote being edited (`?brouillon=`). */
  draft: Invoice | null
  /** `?brouillon=` named something that is not an editable draft without a quote. */
  notEditable: boolean
}

/** The saved clients the picker offers at once: beyond them, the client is typed. */
const SAVED_CLIENTS = 200

async function loadNewInvoice(api: ApiClient, draftId: string | null, signal: AbortSignal): Promise<NewInvoiceData> {
  const [list, asked] = await Promise.all([
    clientsApi.list(api, { limit: SAVED_CLIENTS }, signal),
    draftId === null ? Promise.resolve(null) : invoicesApi.get(api, draftId, signal)
  ])
  const draft = asked !== null && asked.status === 'draft' && asked.kind === 'standard' ? asked : null
  return { savedClients: list.clients, draft, notEditable: asked !== null && draft === null }
}

/** `/espace/factures/nouvelle` (`?brouillon=<id>` to edit a draft without a quote). */
function InvoiceNewPage() {
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const draftId = hydrated ? searchParams.get('brouillon') : null
  const { userId, api } = useWorkspace()
  const data = useQuery({
    queryKey: queryKeys.invoices.newInvoice(draftId),
    queryFn: ({ signal }) => loadNewInvoice(api, draftId, signal),
    enabled: userId !== null
  })
  // The company invoices under the 293 B franchise: no VAT in the preview, no reverse charge offered.
  const profile = useProfile()
  const loaded = loadOf(data)
  const load = loaded.kind === 'ready' && profile.status === 'error' ? loadOf(profile) : loaded
  const invalidate = useInvalidate(queryKeys.invoices.newInvoice(draftId))
  const retryProfile = useInvalidate(queryKeys.profile)
  const reload = () => Promise.all([invalidate(), retryProfile()])
  const franchiseEnBase = profile.data?.profile.franchiseEnBase
  const ready =
    hydrated &&
    loaded.kind === 'ready' &&
    franchiseEnBase !== undefined &&
    (draftId === null || loaded.data.draft?.id === draftId || loaded.data.notEditable)
      ? { ...loaded.data, franchiseEnBase }
      : null
  return (
    <article className="invoicing-page">
      <header className="page-intro workspace-intro">
        <p className="invoice-page__back">
          <Link to={paths.invoices.href()}>Toutes les factures</Link>
        </p>
        <h1>{draftId === null ? 'Nouvelle facture' : 'Modifier le brouillon'}</h1>
        <p className="lead">
          Pour un travail sans devis signé&#8239;: un devis signé se facture depuis sa page (acompte, situations, solde).
        </p>
      </header>
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={() => void reload()} /> : null}
      {load.kind !== 'failed' && ready === null ? <LoadingStatus /> : null}
      {ready?.notEditable === true ? (
        <p className="notice notice--warning" role="alert">
          Cette facture ne se modifie pas ici&#8239;: une facture émise ne se modifie jamais (corrigez-la par un avoir), et un brouillon
          tiré d’un devis se modifie depuis le devis.
        </p>
      ) : null}
      {ready !== null && !ready.notEditable ? (
        <StandardInvoiceForm
          key={ready.draft?.id ?? 'new'}
          savedClients={ready.savedClients}
          draft={ready.draft}
          franchiseEnBase={ready.franchiseEnBase}
        />
      ) : null}
    </article>
  )
}
