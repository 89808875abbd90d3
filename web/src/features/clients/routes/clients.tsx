import { savedClientName, type SavedClientInput } from '@paraphe/shared/saved-clients'
import { ActionOutcomeNotice } from '@/components/ui/load-state'
import { useCatalogPage } from '@/hooks/use-catalog-page'
import { clientsApi, type SavedClient } from '@/lib/clients-api'
import { queryKeys } from '@/lib/query-keys'
import type { RouteHandle } from '@/lib/route-handle'
import { ClientFormView } from '../components/client-form-view'
import { ClientsListView } from '../components/clients-list-view'
import { clientFormOf, clientInputOf, EMPTY_CLIENT_FORM } from '../lib/client-form'

export const handle: RouteHandle = {
  title: 'Clients',
  description: 'Vos clients enregistrés, à choisir dans un devis, et les devis de chacun.'
}

export { ClientsPage as Component }

const codec = { empty: EMPTY_CLIENT_FORM, formOf: clientFormOf, inputOf: clientInputOf }
const messages = {
  created: (client: SavedClientInput) => `« ${savedClientName(client)} » est enregistré dans vos clients.`,
  updated: 'Client modifié.',
  removed: (client: SavedClient) => `« ${savedClientName(client)} » est supprimé de vos clients ; ses devis restent inchangés.`
}

function ClientsPage() {
  const page = useCatalogPage(clientsApi, codec, messages, queryKeys.clients)
  const edited = page.editForm
  return (
    <article className="clients-page">
      <header className="page-intro workspace-intro">
        <h1>Clients</h1>
        <p className="lead">
          Vos clients enregistrés une fois : choisissez-en un dans un devis pour remplir ses coordonnées, et retrouvez ici les devis de
          chacun.
        </p>
      </header>
      <ActionOutcomeNotice outcome={page.status} />
      {/* Above the list, as on Articles: the same place for « new » on both catalogues. */}
      <section className="card" aria-labelledby="clients-new">
        <h2 id="clients-new">Nouveau client</h2>
        <ClientFormView idPrefix="client-new" submitLabel="Enregistrer le client" {...page.newForm} />
      </section>
      <ClientsListView
        load={page.load}
        search={page.search}
        onSearch={page.setSearch}
        onRetry={page.reload}
        {...page.list}
        editing={
          edited === null
            ? null
            : {
                id: edited.id,
                form: <ClientFormView idPrefix="client-edit" submitLabel="Enregistrer les modifications" {...edited.props} />
              }
        }
      />
    </article>
  )
}
