// The company's API keys: name, prefix, scopes, creation, last use, revocation, with a confirmed
// « Révoquer ». Pure view: the page revokes.
import { formatDateTime } from '@paraphe/shared/dates'
import type { ApiKey, ApiKeyScope } from '../api/api-keys-api'

const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'lecture', write: 'écriture' }

export interface KeysListCardProps {
  keys: readonly ApiKey[]
  /** The key whose revocation waits for its confirmation. */
  revoking: string | null
  working: boolean
  onAskRevoke: (id: string | null) => void
  onRevoke: (key: ApiKey) => void
}

export function KeysListCard({ keys, revoking, working, onAskRevoke, onRevoke }: KeysListCardProps) {
  return (
    <section className="card team-card" aria-labelledby="api-keys-list">
      <h2 id="api-keys-list">Clés de l’entreprise</h2>
      {keys.length === 0 ? (
        <p>Aucune clé pour l’instant.</p>
      ) : (
        <ul className="team-list">
          {keys.map((key) => (
            <li key={key.id} className="team-list__item">
              <span className="team-list__who">
                <strong>{key.name}</strong> — <code>{key.displayPrefix}…</code> —{' '}
                {key.scopes.map((scope) => SCOPE_LABELS[scope]).join(' et ')} — créée le {formatDateTime(key.createdAt)}
                {key.lastUsedAt === null ? ', jamais utilisée' : `, utilisée le ${formatDateTime(key.lastUsedAt)}`}
                {key.revokedAt === null ? null : `, révoquée le ${formatDateTime(key.revokedAt)}`}
              </span>
              {key.revokedAt === null ? (
                <span className="team-list__actions">
                  {revoking === key.id ? (
                    <>
                      <button type="button" className="button button--danger" disabled={working} onClick={() => onRevoke(key)}>
                        Confirmer la révocation de « {key.name} »
                      </button>
                      <button type="button" className="button button--ghost" onClick={() => onAskRevoke(null)}>
                        Annuler
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={working}
                      onClick={() => onAskRevoke(key.id)}
                      aria-label={`Révoquer la clé ${key.name}`}
                    >
                      Révoquer
                    </button>
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="field__hint">
        Documentation : <a href="/api/v1/openapi.json">le document OpenAPI de l’API</a>. Chaque requête porte l’en-tête « Authorization:
        Bearer » suivi de la clé.
      </p>
    </section>
  )
}
