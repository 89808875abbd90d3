// The saved clients as a list: the name each goes by (a link to their page), the contact's name,
// e-mail and phone, with « Modifier » and a confirmed « Supprimer ». Pure view.
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { savedClientName } from '@paraphe/shared/saved-clients'
import type { SavedClient } from '@/lib/clients-api'

export interface ClientsTableProps {
  clients: readonly SavedClient[]
  working: boolean
  /** The client asked to be deleted, waiting for its confirmation. */
  confirmingDelete: string | null
  /** The edited client's id and its form, shown in place of its row. */
  editing: { id: string; form: ReactNode } | null
  onEdit: (client: SavedClient) => void
  onAskDelete: (client: SavedClient | null) => void
  onDelete: (client: SavedClient) => void
}

export function ClientsTable({ clients, working, confirmingDelete, editing, onEdit, onAskDelete, onDelete }: ClientsTableProps) {
  return (
    <ul className="items-list">
      {clients.map((client) => {
        const name = savedClientName(client)
        return editing?.id === client.id ? (
          <li key={client.id} className="items-list__item items-list__item--editing">
            {editing.form}
          </li>
        ) : (
          <li key={client.id} className="items-list__item">
            <span className="items-list__what">
              <Link to={paths.client.href(client.id)} className="items-list__designation">
                {name}
              </Link>
              {client.kind === 'business' ? <span className="badge">Professionnel</span> : null}
            </span>
            <span className="items-list__price">{[client.kind === 'business' ? client.name : '', client.email, client.phone].filter((part) => part !== '').join(' · ')}</span>
            {confirmingDelete === client.id ? (
              <span className="items-list__actions">
                <button type="button" className="button button--danger button--small" disabled={working} onClick={() => onDelete(client)}>
                  Confirmer la suppression
                </button>
                <button type="button" className="button button--ghost button--small" onClick={() => onAskDelete(null)}>
                  Annuler
                </button>
              </span>
            ) : (
              <span className="items-list__actions">
                <button type="button" className="button button--ghost button--small" disabled={working} onClick={() => onEdit(client)} aria-label={`Modifier ${name}`}>
                  Modifier
                </button>
                <button type="button" className="button button--ghost button--small" disabled={working} onClick={() => onAskDelete(client)} aria-label={`Supprimer ${name}`}>
                  Supprimer
                </button>
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
