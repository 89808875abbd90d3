import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { ActionOutcome } from '@/components/ui/load-state'
import { asApiError, type ApiClient } from '@/lib/api-client'
import { loadOf, type ApiLoad } from '@/lib/query-load'
import { useDebounced } from './use-debounced'
import { useWorkspace } from './use-workspace'

/** How many rows a catalogue page lists at once; the search finds the others. */
export const CATALOG_PAGE_SIZE = 200

/** A saved-things endpoint family (saved clients, Articles): list, create, update, remove. */
export interface CatalogApi<Input, List> {
  list: (api: ApiClient, query: { search?: string; limit?: number }, signal?: AbortSignal) => Promise<List>
  create: (api: ApiClient, input: Input) => Promise<unknown>
  update: (api: ApiClient, id: string, input: Input) => Promise<unknown>
  remove: (api: ApiClient, id: string) => Promise<unknown>
}

/** The catalogue's keys in the cache (queryKeys.clients, queryKeys.items). */
export interface CatalogKeys {
  all: readonly unknown[]
  list: (search: string, limit: number) => readonly unknown[]
}

/** The page's form as typed, checked into what the API stores with the gateway's own rules. */
/** Field → message, keyed like the API's `fields` so a refusal lands on the same control. */
export type FieldProblems<Field extends string> = Partial<Record<Field, string>>

export interface CatalogForm<Row, Form, Input, Problems> {
  empty: Form
  formOf: (row: Row) => Form
  inputOf: (form: Form) => { ok: true; input: Input } | { ok: false; problems: Problems }
}

/** What the page says after each change. */
export interface CatalogMessages<Row, Input> {
  created: (input: Input) => string
  updated: string
  removed: (row: Row) => string
}

export interface CatalogEditing<Form, Problems> {
  id: string
  form: Form
  problems: Problems
}

/** What a catalogue page's form view takes, besides its ids and its button's label. */
export interface CatalogFormProps<Form, Problems> {
  form: Form
  problems: Problems
  working: boolean
  onChange: (form: Form) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onCancel?: () => void
}

/** What the list of rows takes to edit one in place and delete one after a confirmation. */
export interface CatalogListProps<Row> {
  working: boolean
  confirmingDelete: string | null
  onEdit: (row: Row) => void
  onAskDelete: (row: Row | null) => void
  onDelete: (row: Row) => void
}

export interface CatalogPage<Row, Form, Problems, List> {
  api: ApiClient
  search: string
  setSearch: (search: string) => void
  load: ApiLoad<List>
  reload: () => void
  /** The « Nouveau » form. */
  newForm: CatalogFormProps<Form, Problems>
  /** The row edited in place, with its form; null when none is. */
  editForm: { id: string; props: CatalogFormProps<Form, Problems> } | null
  list: CatalogListProps<Row>
  status: ActionOutcome
  setStatus: (status: ActionOutcome) => void
  run: <T>(action: () => Promise<T>, done: string | ((result: T) => string), onFields?: (fields: Problems) => void) => Promise<boolean>
}

/**
 * The state and actions of a page that manages saved things (clients, Articles): a search that
 * waits for a pause, the « Nouveau » form, one row edited in place, a confirmed deletion, and one
 * outcome notice. Refusals land on the form's fields with nothing typed lost.
 */
export function useCatalogPage<Row extends { id: string }, Form, Input, Field extends string, List>(
  catalog: CatalogApi<Input, List>,
  codec: CatalogForm<Row, Form, Input, FieldProblems<Field>>,
  messages: CatalogMessages<Row, Input>,
  keys: CatalogKeys
): CatalogPage<Row, Form, FieldProblems<Field>, List> {
  type Problems = FieldProblems<Field>
  const none: Problems = {}
  const { api, userId } = useWorkspace()
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  // Asked when typing pauses; the rows shown stay until the new answer comes.
  const asked = useDebounced(search, 200)
  const query = useQuery({
    queryKey: keys.list(asked, CATALOG_PAGE_SIZE),
    queryFn: ({ signal }) => catalog.list(api, { search: asked, limit: CATALOG_PAGE_SIZE }, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData
  })
  const load = loadOf(query)
  // Every list of the catalogue (other searches, the quote editor's suggestions) is out of date after a change.
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.all })
  const [form, setForm] = useState<Form>(codec.empty)
  const [problems, setProblems] = useState<Problems>(none)
  const [editing, setEditing] = useState<CatalogEditing<Form, Problems> | null>(null)
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null)
  const [status, setStatus] = useState<ActionOutcome>(null)
  const [working, setWorking] = useState(false)

  /** Runs one change, says how it went, and reloads the list; a refusal's field messages go to `onFields`. */
  async function run<T>(
    action: () => Promise<T>,
    done: string | ((result: T) => string),
    onFields?: (fields: Problems) => void
  ): Promise<boolean> {
    setWorking(true)
    setStatus(null)
    try {
      const result = await action()
      await reload()
      setStatus({ kind: 'done', text: typeof done === 'string' ? done : done(result) })
      return true
    } catch (error) {
      const problem = asApiError(error)
      // The gateway's field names are the form's (shared rules), so its messages land on the same controls.
      if (onFields !== undefined && problem.fields !== undefined) onFields(problem.fields as Problems)
      setStatus({ kind: 'failed', text: problem.message })
      return false
    } finally {
      setWorking(false)
    }
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = codec.inputOf(form)
    if (!checked.ok) return setProblems(checked.problems)
    setProblems(none)
    if (await run(() => catalog.create(api, checked.input), messages.created(checked.input), setProblems)) setForm(codec.empty)
  }

  async function saveEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (editing === null) return
    const checked = codec.inputOf(editing.form)
    if (!checked.ok) return setEditing({ ...editing, problems: checked.problems })
    const saved = await run(
      () => catalog.update(api, editing.id, checked.input),
      messages.updated,
      (fields) => setEditing({ ...editing, problems: fields })
    )
    if (saved) setEditing(null)
  }

  return {
    api,
    search,
    setSearch,
    load,
    reload,
    newForm: { form, problems, working, onChange: setForm, onSubmit: (event) => void create(event) },
    editForm:
      editing === null
        ? null
        : {
            id: editing.id,
            props: {
              form: editing.form,
              problems: editing.problems,
              working,
              onChange: (next) => setEditing({ ...editing, form: next }),
              onSubmit: (event) => void saveEdit(event),
              onCancel: () => setEditing(null)
            }
          },
    list: {
      working,
      confirmingDelete,
      onEdit: (row) => setEditing({ id: row.id, form: codec.formOf(row), problems: none }),
      onAskDelete: (row) => setConfirmingDelete(row?.id ?? null),
      onDelete: (row) => void run(() => catalog.remove(api, row.id), messages.removed(row)).then(() => setConfirmingDelete(null))
    },
    status,
    setStatus,
    run
  }
}
