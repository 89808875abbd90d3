// « Mes clients »: the search and the list in each of its states (loading, failed, none yet,
// none matching, some, more than shown). Pure view: the page holds the state.
import { renderCatalogListSection, type CatalogListSectionProps } from '@/components/catalog/catalog-list-section'
import type { SavedClientList } from '@/lib/clients-api'
import { ClientsTable, type ClientsTableProps } from './clients-table'

export type ClientsListViewProps = Omit<CatalogListSectionProps<SavedClientList>, 'headingId' | 'searchId' | 'title'> &
  Omit<ClientsTableProps, 'clients'>

export function ClientsListView({ load, search, onSearch, onRetry, ...table }: ClientsListViewProps) {
  return renderCatalogListSection(
    { headingId: 'clients-saved', searchId: 'clients-search', title: 'Mes clients', load, search, onSearch, onRetry },
    {
      countOf: (list) => ({ shown: list.clients.length, total: list.total }),
      noun: 'client',
      none: 'Aucun client pour l’instant : enregistrez-en un ci-dessus, ou depuis un devis avec « Enregistrer ce client ».',
      noMatch: 'Aucun client ne correspond à cette recherche.',
      rows: (list) => <ClientsTable clients={list.clients} {...table} />
    }
  )
}
