import { useState } from 'react'
import { renderCatalogListSection } from '@/components/catalog/catalog-list-section'
import { ActionOutcomeNotice } from '@/components/ui/load-state'
import { useCatalogPage } from '@/hooks/use-catalog-page'
import { asApiError } from '@/lib/api-client'
import { itemsApi, type SavedItem } from '@/lib/items-api'
import { queryKeys } from '@/lib/query-keys'
import type { RouteHandle } from '@/lib/route-handle'
import { saveFile } from '@/lib/save-file'
import type { SavedItemInput } from '@paraphe/shared/saved-items'
import { ItemFormView } from '../components/item-form-view'
import { ItemsTable } from '../components/items-table'
import { ItemsTransfer } from '../components/items-transfer'
import { EMPTY_ITEM_FORM, importSummary, itemFormOf, itemInputOf } from '../lib/item-form'

export const handle: RouteHandle = {
  title: 'Articles',
  description: 'Vos articles et prestations enregistrés, à retrouver en rédigeant une ligne de devis.'
}

export { ItemsPage as Component }

const codec = { empty: EMPTY_ITEM_FORM, formOf: itemFormOf, inputOf: itemInputOf }
const messages = {
  created: (item: SavedItemInput) => `« ${item.designation} » est enregistré dans vos articles.`,
  updated: 'Article modifié.',
  removed: (item: SavedItem) => `« ${item.designation} » est supprimé de vos articles.`
}

function ItemsPage() {
  const page = useCatalogPage(itemsApi, codec, messages, queryKeys.items)
  const { api, setStatus } = page
  const edited = page.editForm
  const [rowProblems, setRowProblems] = useState<string[]>([])

  function importFile(file: File) {
    setRowProblems([])
    void page.run(
      () => itemsApi.importCsv(api, file),
      importSummary,
      (fields) => setRowProblems(Object.values(fields))
    )
  }

  async function exportAll() {
    setStatus(null)
    try {
      saveFile(await itemsApi.exportCsv(api), 'articles.csv')
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    }
  }

  return (
    <article className="items-page">
      <header className="page-intro workspace-intro">
        <h1>Articles</h1>
        <p className="lead">
          Ce que vous chiffrez souvent, enregistré une fois : tapez le début d’une désignation dans un devis pour le retrouver.
        </p>
      </header>
      <ActionOutcomeNotice outcome={page.status} />
      <section className="card" aria-labelledby="items-new">
        <h2 id="items-new">Nouvel article</h2>
        <ItemFormView idPrefix="item-new" submitLabel="Enregistrer l’article" {...page.newForm} />
      </section>
      {renderCatalogListSection(
        {
          headingId: 'items-saved',
          searchId: 'items-search',
          title: 'Mes articles',
          load: page.load,
          search: page.search,
          onSearch: page.setSearch,
          onRetry: page.reload
        },
        {
          countOf: (list) => ({ shown: list.items.length, total: list.total }),
          noun: 'article',
          none: 'Aucun article pour l’instant : enregistrez-en un ci-dessus, importez un fichier ou enregistrez une ligne depuis un devis.',
          noMatch: 'Aucun article ne correspond à cette recherche.',
          rows: (list) => (
            <ItemsTable
              items={list.items}
              {...page.list}
              editing={
                edited === null
                  ? null
                  : {
                      id: edited.id,
                      form: <ItemFormView idPrefix="item-edit" submitLabel="Enregistrer les modifications" {...edited.props} />
                    }
              }
            />
          )
        }
      )}
      <ItemsTransfer working={page.list.working} rowProblems={rowProblems} onImport={importFile} onExport={() => void exportAll()} />
    </article>
  )
}
