import { useParams } from 'react-router-dom'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import { useClient } from '../api/get-client'
import type { RouteHandle } from '@/lib/route-handle'
import { ClientSheet } from '../components/client-sheet'

export const handle: RouteHandle = {
  title: 'Client',
  description: 'Un client enregistré, ses coordonnées et ses devis.'
}

export { ClientPage as Component }

/** `/espace/clients/:id`: the client's details and quotes; prerendered loading, whatever the id. */
function ClientPage() {
  const { id = '' } = useParams()
  const load = loadOf(useClient(id))
  const reload = useInvalidate(queryKeys.clients.one(id))
  if (load.kind === 'ready' && load.data.client.id === id) return <ClientSheet page={load.data} />
  return (
    <article className="client-page">
      <header className="page-intro workspace-intro">
        <h1>Client</h1>
      </header>
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={reload} /> : <LoadingStatus />}
    </article>
  )
}
