// The saved clients as a list: the name each goes by (a link to their page), the contact's name,
// e-mail and phone, with « Modifier » and a confirmed « Supprimer ». Pure view.
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { savedClientName } from '@paraphe/shared/saved-clients'
import { renderEditableList, type EditableListProps } from '@/components/catalog/editable-list'
import type { SavedClient } from '@/lib/clients-api'

export interface ClientsTableProps extends Omit<EditableListProps<SavedClient>, 'rows'> {
  clients: readonly SavedClient[]
}

export function ClientsTable({ clients, ...list }: ClientsTableProps) {
  return renderEditableList({ rows: clients, ...list }, savedClientName, (client, name) => (
    <>
      <span className="items-list__what">
        <Link to={paths.client.href(client.id)} className="items-list__designation">
          {name}
        </Link>
        {client.kind === 'business' ? <span className="badge">Professionnel</span> : null}
      </span>
      <span className="items-list__price">
        {[client.kind === 'business' ? client.name : '', client.email, client.phone].filter((part) => part !== '').join(' · ')}
      </span>
    </>
  ))
}
