// The operations of /api/v1 as the OpenAPI document describes them: method and path, parameters,
// request fields, answers and their fields. Pure view: the page fetches and outlines the document.
import type { FieldRow, OperationOutline, ParameterRow } from '../lib/openapi-outline'

const LOCATIONS: Record<string, string> = { path: 'chemin', query: 'requête', header: 'en-tête' }

function FieldsTable({
  caption,
  rows,
  withLocation = false
}: {
  caption: string
  rows: readonly (FieldRow | ParameterRow)[]
  withLocation?: boolean
}) {
  return (
    <div className="api-reference__table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            {withLocation ? <th scope="col">Où</th> : null}
            <th scope="col">Type</th>
            <th scope="col">Obligatoire</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code>{row.name}</code>
              </td>
              {withLocation ? <td>{'location' in row ? (LOCATIONS[row.location] ?? row.location) : ''}</td> : null}
              <td>
                <code>{row.type}</code>
              </td>
              <td>{row.required ? 'oui' : 'non'}</td>
              <td>{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function statusLabel(status: string): string {
  if (status === '4XX') return '4xx — refus (voir « Erreurs »)'
  if (status === '5XX') return '5xx — erreur du serveur'
  return status
}

export function OperationReference({ operation }: { operation: OperationOutline }) {
  const title = `${operation.method} ${operation.path}`
  return (
    <section className="api-reference__operation" aria-labelledby={operation.id}>
      <h3 id={operation.id}>
        <code>{title}</code> — {operation.summary}
      </h3>
      {operation.parameters.length > 0 ? (
        <FieldsTable caption={`Paramètres de ${title}`} rows={operation.parameters} withLocation />
      ) : (
        <p>Aucun paramètre.</p>
      )}
      {operation.body === null ? null : <FieldsTable caption={`Corps de la requête ${title} (JSON)`} rows={operation.body} />}
      <h4>Réponses</h4>
      <ul>
        {operation.responses.map((response) => (
          <li key={response.status}>
            <strong>{statusLabel(response.status)}</strong>
            {response.contentType === null ? null : (
              <>
                {' '}
                — <code>{response.contentType}</code>
              </>
            )}
            {response.status.startsWith('2') && response.fields.length > 0 && response.contentType === 'application/json' ? (
              <FieldsTable caption={`Réponse ${response.status} de ${title}`} rows={response.fields} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
