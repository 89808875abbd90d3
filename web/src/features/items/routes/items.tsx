import { useState, type FormEvent } from 'react'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useApiLoad } from '@/hooks/use-api-load'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import { itemsApi, type SavedItem, type SavedItemList } from '@/lib/items-api'
import type { RouteHandle } from '@/lib/route-handle'
import { saveFile } from '@/lib/save-file'
import { ItemFormView } from '../components/item-form-view'
import { ItemsTable } from '../components/items-table'
import { ItemsTransfer } from '../components/items-transfer'
import { EMPTY_ITEM_FORM, importSummary, itemFormOf, itemInputOf, type ItemForm, type ItemFormProblems } from '../lib/item-form'

export const handle: RouteHandle = {
  title: 'Articles',
  description: 'Vos articles et prestations enregistrés, à retrouver en rédigeant une ligne de devis.'
}

export { ItemsPage as Component }


/** How many items the page lists at once; the search finds the others. */
const PAGE_SIZE = 200

function ItemsPage() {
  const { api } = useWorkspace()
  const [search, setSearch] = useState('')
  // Typing in the search waits for a pause rather than asking at every key.
  const { load, reload } = useApiLoad<SavedItemList>((client, signal) => itemsApi.list(client, { search, limit: PAGE_SIZE }, signal), { key: search, delayMs: 200 })
  const [form, setForm] = useState<ItemForm>(EMPTY_ITEM_FORM)
  const [problems, setProblems] = useState<ItemFormProblems>({})
  const [editing, setEditing] = useState<{ id: string; form: ItemForm; problems: ItemFormProblems } | null>(null)
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null)
  const [rowProblems, setRowProblems] = useState<string[]>([])
  const [status, setStatus] = useState<ActionOutcome>(null)
  const [working, setWorking] = useState(false)

  /** Runs one change, says how it went, and reloads the list; a refusal's field messages go to `onFields`. */
  async function run(action: () => Promise<unknown>, done: string, onFields?: (fields: ItemFormProblems) => void): Promise<boolean> {
    setWorking(true)
    setStatus(null)
    try {
      await action()
      setStatus({ kind: 'done', text: done })
      reload()
      return true
    } catch (error) {
      const problem = asApiError(error)
      if (onFields !== undefined && problem.fields !== undefined) onFields(problem.fields)
      setStatus({ kind: 'failed', text: problem.message })
      return false
    } finally {
      setWorking(false)
    }
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = itemInputOf(form)
    if (!checked.ok) return setProblems(checked.problems)
    setProblems({})
    if (await run(() => itemsApi.create(api, checked.input), `« ${checked.input.designation} » est enregistré dans vos articles.`, setProblems)) setForm(EMPTY_ITEM_FORM)
  }

  async function saveEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (editing === null) return
    const checked = itemInputOf(editing.form)
    if (!checked.ok) return setEditing({ ...editing, problems: checked.problems })
    const saved = await run(() => itemsApi.update(api, editing.id, checked.input), 'Article modifié.', (fields) => setEditing({ ...editing, problems: fields }))
    if (saved) setEditing(null)
  }

  async function importFile(file: File) {
    setRowProblems([])
    setWorking(true)
    setStatus(null)
    try {
      setStatus({ kind: 'done', text: importSummary(await itemsApi.importCsv(api, file)) })
      reload()
    } catch (error) {
      const problem = asApiError(error)
      setRowProblems(Object.values(problem.fields ?? {}))
      setStatus({ kind: 'failed', text: problem.message })
    } finally {
      setWorking(false)
    }
  }

  async function exportAll() {
    setStatus(null)
    try {
      saveFile(await itemsApi.exportCsv(api), 'articles.csv')
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    }
  }

  const remove = (item: SavedItem) => void run(() => itemsApi.remove(api, item.id), `« ${item.designation} » est supprimé de vos articles.`).then(() => setConfirmingDelete(null))

  return (
    <article className="items-page">
      <header className="page-intro workspace-intro">
        <h1>Articles</h1>
        <p className="lead">Ce que vous chiffrez souvent, enregistré une fois : tapez le début d’une désignation dans un devis pour le retrouver.</p>
      </header>
      <ActionOutcomeNotice outcome={status} />
      <section className="card" aria-labelledby="items-new">
        <h2 id="items-new">Nouvel article</h2>
        <ItemFormView idPrefix="item-new" form={form} problems={problems} working={working} submitLabel="Enregistrer l’article" onChange={setForm} onSubmit={(event) => void create(event)} />
      </section>
      <section className="card" aria-labelledby="items-saved">
        <h2 id="items-saved">Mes articles</h2>
        <div className="field">
          <label htmlFor="items-search">Rechercher</label>
          <input id="items-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
        </div>
        {load.kind === 'loading' ? <LoadingStatus /> : null}
        {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={reload} /> : null}
        {load.kind === 'ready' ? (
          load.data.items.length === 0 ? (
            <p>{search.trim() === '' ? 'Aucun article pour l’instant : enregistrez-en un ci-dessus, importez un fichier ou enregistrez une ligne depuis un devis.' : 'Aucun article ne correspond à cette recherche.'}</p>
          ) : (
            <>
              <p className="field__hint" role="status">
                {load.data.total} article{load.data.total > 1 ? 's' : ''}
                {load.data.total > load.data.items.length ? ` (les ${load.data.items.length} premiers affichés : précisez la recherche)` : ''}
              </p>
              <ItemsTable
                items={load.data.items}
                working={working}
                confirmingDelete={confirmingDelete}
                editing={
                  editing === null
                    ? null
                    : {
                        id: editing.id,
                        form: (
                          <ItemFormView
                            idPrefix="item-edit"
                            form={editing.form}
                            problems={editing.problems}
                            working={working}
                            submitLabel="Enregistrer les modifications"
                            onChange={(next) => setEditing({ ...editing, form: next })}
                            onSubmit={(event) => void saveEdit(event)}
                            onCancel={() => setEditing(null)}
                          />
                        )
                      }
                }
                onEdit={(item) => setEditing({ id: item.id, form: itemFormOf(item), problems: {} })}
                onAskDelete={(item) => setConfirmingDelete(item?.id ?? null)}
                onDelete={remove}
              />
            </>
          )
        ) : null}
      </section>
      <ItemsTransfer working={working} rowProblems={rowProblems} onImport={(file) => void importFile(file)} onExport={() => void exportAll()} />
    </article>
  )
}
