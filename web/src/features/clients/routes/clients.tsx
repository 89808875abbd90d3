import { useState, type FormEvent } from 'react'
import { savedClientName } from '@paraphe/shared/saved-clients'
import { ActionOutcomeNotice, type ActionOutcome } from '@/components/ui/load-state'
import { useApiLoad } from '@/hooks/use-api-load'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import { clientsApi, type SavedClient, type SavedClientList } from '@/lib/clients-api'
import type { RouteHandle } from '@/lib/route-handle'
import { ClientFormView } from '../components/client-form-view'
import { ClientsListView } from '../components/clients-list-view'
import { clientFormOf, clientInputOf, EMPTY_CLIENT_FORM, type ClientForm, type ClientFormProblems } from '../lib/client-form'

export const handle: RouteHandle = {
  title: 'Clients',
  description: 'Vos clients enregistrés, à choisir dans un devis, et les devis de chacun.'
}

export { ClientsPage as Component }

/** How many clients the page lists at once; the search finds the others. */
const PAGE_SIZE = 200

function ClientsPage() {
  const { api } = useWorkspace()
  const [search, setSearch] = useState('')
  // Typing in the search waits for a pause rather than asking at every key.
  const { load, reload } = useApiLoad<SavedClientList>((client, signal) => clientsApi.list(client, { search, limit: PAGE_SIZE }, signal), { key: search, delayMs: 200 })
  const [form, setForm] = useState<ClientForm>(EMPTY_CLIENT_FORM)
  const [problems, setProblems] = useState<ClientFormProblems>({})
  const [editing, setEditing] = useState<{ id: string; form: ClientForm; problems: ClientFormProblems } | null>(null)
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null)
  const [status, setStatus] = useState<ActionOutcome>(null)
  const [working, setWorking] = useState(false)

  /** Runs one change, says how it went, and reloads the list; a refusal's field messages go to `onFields`. */
  async function run(action: () => Promise<unknown>, done: string, onFields?: (fields: ClientFormProblems) => void): Promise<boolean> {
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
    const checked = clientInputOf(form)
    if (!checked.ok) return setProblems(checked.problems)
    setProblems({})
    if (await run(() => clientsApi.create(api, checked.input), `« ${savedClientName(checked.input)} » est enregistré dans vos clients.`, setProblems)) setForm(EMPTY_CLIENT_FORM)
  }

  async function saveEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (editing === null) return
    const checked = clientInputOf(editing.form)
    if (!checked.ok) return setEditing({ ...editing, problems: checked.problems })
    const saved = await run(() => clientsApi.update(api, editing.id, checked.input), 'Client modifié.', (fields) => setEditing({ ...editing, problems: fields }))
    if (saved) setEditing(null)
  }

  const remove = (client: SavedClient) =>
    void run(() => clientsApi.remove(api, client.id), `« ${savedClientName(client)} » est supprimé de vos clients ; ses devis restent inchangés.`).then(() => setConfirmingDelete(null))

  return (
    <article className="clients-page">
      <header className="page-intro workspace-intro">
        <h1>Clients</h1>
        <p className="lead">Vos clients enregistrés une fois : choisissez-en un dans un devis pour remplir ses coordonnées, et retrouvez ici les devis de chacun.</p>
      </header>
      <ActionOutcomeNotice outcome={status} />
      <ClientsListView
        load={load}
        search={search}
        working={working}
        confirmingDelete={confirmingDelete}
        editing={
          editing === null
            ? null
            : {
                id: editing.id,
                form: (
                  <ClientFormView
                    idPrefix="client-edit"
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
        onSearch={setSearch}
        onRetry={reload}
        onEdit={(client) => setEditing({ id: client.id, form: clientFormOf(client), problems: {} })}
        onAskDelete={(client) => setConfirmingDelete(client?.id ?? null)}
        onDelete={remove}
      />
      <section className="card" aria-labelledby="clients-new">
        <h2 id="clients-new">Nouveau client</h2>
        <ClientFormView idPrefix="client-new" form={form} problems={problems} working={working} submitLabel="Enregistrer le client" onChange={setForm} onSubmit={(event) => void create(event)} />
      </section>
    </article>
  )
}
