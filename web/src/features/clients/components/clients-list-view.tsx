// « Mes clients »: the search and the list in each of its states (loading, failed, none yet,
// none matching, some, more than shown). Pure view: the page holds the state.
import type { ReactNode } from 'react'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import type { ApiLoad } from '@/hooks/use-api-load'
import type { SavedClient, SavedClientList } from '@/lib/clients-api'
import { ClientsTable } from './clients-table'

export interface ClientsListViewProps {
  load: ApiLoad<SavedClientList>
  search: string
  working: boolean
  confirmingDelete: string | null
  editing: { id: string; form: ReactNode } | null
  onSearch: (search: string) => void
  onRetry: () => void
  onEdit: (client: SavedClient) => void
  onAskDelete: (client: SavedClient | null) => void
  onDelete: (client: SavedClient) => void
}

export function ClientsListView({ load, search, onSearch, onRetry, ...table }: ClientsListViewProps) {
  return (
    <section className="card" aria-labelledby="clients-saved">
      <h2 id="clients-saved">Mes clients</h2>
      <div className="field">
        <label htmlFor="clients-search">Rechercher</label>
        <input id="clients-search" type="search" value={search} onChange={(event) => onSearch(event.target.value)} autoComplete="off" />
      </div>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={onRetry} /> : null}
      {load.kind === 'ready' ? (
        load.data.clients.length === 0 ? (
          <p>{search.trim() === '' ? 'Aucun client pour l’instant : enregistrez-en un ci-dessous, ou depuis un devis avec « Enregistrer ce client ».' : 'Aucun client ne correspond à cette recherche.'}</p>
        ) : (
          <>
            <p className="field__hint" role="status">
              {load.data.total} client{load.data.total > 1 ? 's' : ''}
              {load.data.total > load.data.clients.length ? ` (les ${load.data.clients.length} premiers affichés : précisez la recherche)` : ''}
            </p>
            <ClientsTable clients={load.data.clients} {...table} />
          </>
        )
      ) : null}
    </section>
  )
}
