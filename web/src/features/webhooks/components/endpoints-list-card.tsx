// The company's webhook endpoints: URL, events, the secret's prefix, creation; each opens its
// delivery log and is deleted after a confirmation. Pure view: the page loads and deletes.
import type { ReactNode } from 'react'
import { formatDateTime } from '@paraphe/shared/dates'
import { paths } from '@paraphe/shared/paths'
import type { WebhookEndpoint } from '../api/webhooks-api'

export interface EndpointsListCardProps {
  endpoints: readonly WebhookEndpoint[]
  /** The endpoint whose deletion waits for its confirmation. */
  deleting: string | null
  /** The endpoint whose log is open, and what it shows. */
  openLog: string | null
  log: ReactNode
  working: boolean
  onAskDelete: (id: string | null) => void
  onDelete: (endpoint: WebhookEndpoint) => void
  onToggleLog: (id: string) => void
}

export function EndpointsListCard({
  endpoints,
  deleting,
  openLog,
  log,
  working,
  onAskDelete,
  onDelete,
  onToggleLog
}: EndpointsListCardProps) {
  return (
    <section className="card team-card" aria-labelledby="webhooks-list">
      <h2 id="webhooks-list">Adresses de l’entreprise</h2>
      {endpoints.length === 0 ? (
        <p>Aucune adresse pour l’instant.</p>
      ) : (
        <ul className="team-list">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="team-list__item webhook-endpoint">
              <span className="team-list__who">
                <strong className="webhook-endpoint__url">{endpoint.url}</strong>
                <br />
                {endpoint.events.map((type) => (
                  <code key={type}>{type} </code>
                ))}
                — secret <code>{endpoint.secretPrefix}…</code> — ajoutée le {formatDateTime(endpoint.createdAt)}
              </span>
              <span className="team-list__actions">
                <button
                  type="button"
                  className="button button--ghost"
                  aria-expanded={openLog === endpoint.id}
                  aria-controls={`webhook-log-${endpoint.id}`}
                  onClick={() => onToggleLog(endpoint.id)}
                >
                  Journal des envois
                </button>
                {deleting === endpoint.id ? (
                  <>
                    <button type="button" className="button button--danger" disabled={working} onClick={() => onDelete(endpoint)}>
                      Confirmer la suppression
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => onAskDelete(null)}>
                      Annuler
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={working}
                    onClick={() => onAskDelete(endpoint.id)}
                    aria-label={`Supprimer l’adresse ${endpoint.url}`}
                  >
                    Supprimer
                  </button>
                )}
              </span>
              {openLog === endpoint.id ? (
                <div id={`webhook-log-${endpoint.id}`} className="webhook-endpoint__log">
                  {log}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="field__hint">
        Le format des événements et la vérification de leur signature : <a href={paths.apiReference.href()}>la référence de l’API</a>.
      </p>
    </section>
  )
}
