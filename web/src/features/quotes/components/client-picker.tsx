// The client section's link with the saved clients: « Choisir un client enregistré » finds them
// as one types (a button each) and a pick fills the client's fields and links the quote to the
// client's page; « Enregistrer ce client » keeps the typed client for the next quotes.
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { savedClientName, savedClientOfQuote } from '@paraphe/shared/saved-clients'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import { CLIENT_SEARCH_MAX_LENGTH, clientsApi, type SavedClient } from '@/lib/clients-api'
import { useClientSuggestions } from '../hooks/use-client-suggestions'
import { pickedClient, type EditorAction, type QuoteForm } from '../lib/quote-form'

export interface ClientSuggestionsProps {
  clients: readonly SavedClient[] | null
  onPick: (client: SavedClient) => void
}

/** The saved clients matching the search. */
export function ClientSuggestions({ clients, onPick }: ClientSuggestionsProps) {
  if (clients === null) return null
  return (
    <div className="item-suggestions">
      <p className="field__hint" aria-live="polite">
        {clients.length === 0
          ? 'Aucun client enregistré ne correspond.'
          : `${clients.length} client${clients.length > 1 ? 's' : ''} enregistré${clients.length > 1 ? 's' : ''} correspond${clients.length > 1 ? 'ent' : ''}.`}
      </p>
      {clients.length === 0 ? null : (
        <ul className="item-suggestions__list" aria-label="Clients enregistrés">
          {clients.map((client) => (
            <li key={client.id}>
              <button
                type="button"
                className="item-suggestions__item"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(client)}
              >
                <span className="item-suggestions__designation">{savedClientName(client)}</span>
                <span className="item-suggestions__price">{client.email || client.phone}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export type ClientSaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done' | 'failed'; text: string }

export interface ClientPickerViewProps {
  form: QuoteForm
  query: string
  suggestions: readonly SavedClient[] | null
  saveState: ClientSaveState
  onQuery: (query: string) => void
  onPick: (client: SavedClient) => void
  onSave: () => void
  onUnlink: () => void
}

/** Pure view of the picker, rendered in Node for each state. */
export function ClientPickerView({ form, query, suggestions, saveState, onQuery, onPick, onSave, onUnlink }: ClientPickerViewProps) {
  const linked = form.savedClientId
  return (
    <div className="client-picker">
      <div className="field">
        <label htmlFor="quote-client-search">Choisir un client enregistré</label>
        <input
          id="quote-client-search"
          type="search"
          value={query}
          maxLength={CLIENT_SEARCH_MAX_LENGTH}
          autoComplete="off"
          placeholder="Nom, société, e-mail…"
          onChange={(event) => onQuery(event.target.value)}
        />
      </div>
      <ClientSuggestions clients={suggestions} onPick={onPick} />
      <p className="actions">
        {linked === undefined ? (
          <button type="button" className="button button--ghost button--small" onClick={onSave} disabled={saveState.kind === 'saving'}>
            Enregistrer ce client
          </button>
        ) : (
          <>
            <Link to={paths.client.href(linked)}>Fiche du client enregistré</Link>
            <button type="button" className="button button--ghost button--small" onClick={onUnlink}>
              Ne plus lier ce devis au client
            </button>
          </>
        )}
        <span className={saveState.kind === 'failed' ? 'line-card__saved line-card__saved--failed' : 'line-card__saved'} aria-live="polite">
          {saveState.kind === 'done' || saveState.kind === 'failed' ? saveState.text : ''}
        </span>
      </p>
    </div>
  )
}

/** The picker with its search and its saving. */
export function ClientPicker({ form, dispatch }: { form: QuoteForm; dispatch: (action: EditorAction) => void }) {
  const { api } = useWorkspace()
  const [query, setQuery] = useState('')
  const [saveState, setSaveState] = useState<ClientSaveState>({ kind: 'idle' })
  const suggestions = useClientSuggestions(query)
  async function save() {
    setSaveState({ kind: 'saving' })
    try {
      const saved = await clientsApi.create(api, savedClientOfQuote(form.client, form.siteAddress))
      dispatch({ type: 'link-client', savedClientId: saved.id })
      setSaveState({ kind: 'done', text: 'Enregistré dans vos clients.' })
    } catch (error) {
      setSaveState({ kind: 'failed', text: asApiError(error).message })
    }
  }
  return (
    <ClientPickerView
      form={form}
      query={query}
      suggestions={suggestions}
      saveState={saveState}
      onQuery={setQuery}
      onPick={(client) => {
        dispatch(pickedClient(client))
        setQuery('')
        // The picked offer disappears with the list: without this the focus would fall to the
        // page's body (a keyboard or screen reader user lost at the top). Back to the search.
        document.getElementById('quote-client-search')?.focus()
        setSaveState({ kind: 'done', text: `Coordonnées de « ${savedClientName(client)} » reprises.` })
      }}
      onSave={() => void save()}
      onUnlink={() => {
        dispatch({ type: 'link-client', savedClientId: null })
        setSaveState({ kind: 'idle' })
      }}
    />
  )
}
