import { useRef, useState, type FormEvent } from 'react'
import { formatDateTime } from '@paraphe/shared/dates'
import { planWith } from '@paraphe/shared/plans'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useApiLoad } from '@/hooks/use-api-load'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { apiKeysApi, type ApiKey, type ApiKeyList, type ApiKeyScope, type CreatedApiKey } from '../api/api-keys-api'

export const handle: RouteHandle = {
  title: 'Clés d’API',
  description: 'Les clés qui permettent à votre logiciel de créer et d’envoyer vos devis par l’API.'
}

export { ApiKeysPage as Component }

const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'lecture', write: 'écriture' }

function ApiKeysPage() {
  const { api } = useWorkspace()
  const { load, reload } = useApiLoad<ApiKeyList>((client, signal) => apiKeysApi.list(client, signal))
  const [name, setName] = useState('')
  const [canWrite, setCanWrite] = useState(true)
  const [nameProblem, setNameProblem] = useState<string | null>(null)
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const [status, setStatus] = useState<ActionOutcome>(null)
  const [working, setWorking] = useState(false)
  const [revoking, setRevoking] = useState<string | null>(null)
  const nameRef = useRef<HTMLInputElement>(null)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (name.trim() === '') {
      setNameProblem('Donnez un nom à la clé (le logiciel qui l’utilisera, par exemple).')
      nameRef.current?.focus()
      return
    }
    setNameProblem(null)
    setWorking(true)
    setStatus(null)
    try {
      setCreated(await apiKeysApi.create(api, name.trim(), canWrite ? ['read', 'write'] : ['read']))
      setName('')
      reload()
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    } finally {
      setWorking(false)
    }
  }

  async function revoke(key: ApiKey) {
    setWorking(true)
    setStatus(null)
    try {
      await apiKeysApi.revoke(api, key.id)
      setStatus({ kind: 'done', text: `La clé « ${key.name} » est révoquée : elle est refusée dès la prochaine requête.` })
      setRevoking(null)
      reload()
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    } finally {
      setWorking(false)
    }
  }

  return (
    <article className="team-page">
      <header className="page-intro workspace-intro">
        <h1>Clés d’API</h1>
        <p className="lead">Votre logiciel (ERP, facturation, CRM) crée, envoie et suit vos devis par l’API, avec une clé créée ici.</p>
      </header>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={reload} /> : null}
      <ActionOutcomeNotice outcome={status}>
        {created !== null ? (
          <div className="notice notice--success" role="status">
            <p>
              Clé « {created.key.name} » créée. Copiez-la maintenant : elle ne sera plus jamais affichée.
            </p>
            <p>
              <code className="api-key-secret">{created.secret}</code>
            </p>
          </div>
        ) : null}
      </ActionOutcomeNotice>
      {load.kind === 'ready' ? (
        <>
          <section className="card team-card" aria-labelledby="api-keys-new">
            {load.data.apiIncluded ? (
              <>
                <h2 id="api-keys-new">Nouvelle clé</h2>
                <form className="team-invite" noValidate onSubmit={(event) => void create(event)}>
                  <div className={nameProblem === null ? 'field' : 'field field--invalid'}>
                    <label htmlFor="api-key-name">Nom de la clé</label>
                    <input
                      ref={nameRef}
                      id="api-key-name"
                      type="text"
                      autoComplete="off"
                      maxLength={80}
                      value={name}
                      onChange={(event) => setName(event.target.value)}
                      aria-invalid={nameProblem === null ? undefined : true}
                      aria-describedby={nameProblem === null ? undefined : 'api-key-name-error'}
                    />
                    {nameProblem === null ? null : (
                      <p className="field__error" id="api-key-name-error">
                        {nameProblem}
                      </p>
                    )}
                  </div>
                  <div className="field field--checkbox">
                    <input id="api-key-write" type="checkbox" checked={canWrite} onChange={(event) => setCanWrite(event.target.checked)} />
                    <label htmlFor="api-key-write">Écriture : créer, modifier, envoyer, relancer et annuler des devis (sinon, lecture seule)</label>
                  </div>
                  <button type="submit" className="button button--primary" disabled={working}>
                    Créer la clé
                  </button>
                </form>
              </>
            ) : (
              <>
                <h2 id="api-keys-new">
                  Nouvelle clé <PlanBadge plan={planWith('api')} />
                </h2>
                <p>
                  <UpgradePrompt plan={planWith('api')}>L’accès à l’API est inclus dans la formule {planWith('api').name}.</UpgradePrompt>
                </p>
              </>
            )}
          </section>
          <section className="card team-card" aria-labelledby="api-keys-list">
            <h2 id="api-keys-list">Clés de l’entreprise</h2>
            {load.data.keys.length === 0 ? (
              <p>Aucune clé pour l’instant.</p>
            ) : (
              <ul className="team-list">
                {load.data.keys.map((key) => (
                  <li key={key.id} className="team-list__item">
                    <span className="team-list__who">
                      <strong>{key.name}</strong> — <code>{key.displayPrefix}…</code> — {key.scopes.map((scope) => SCOPE_LABELS[scope]).join(' et ')} — créée le{' '}
                      {formatDateTime(key.createdAt)}
                      {key.lastUsedAt === null ? ', jamais utilisée' : `, utilisée le ${formatDateTime(key.lastUsedAt)}`}
                      {key.revokedAt === null ? null : `, révoquée le ${formatDateTime(key.revokedAt)}`}
                    </span>
                    {key.revokedAt === null ? (
                      <span className="team-list__actions">
                        {revoking === key.id ? (
                          <>
                            <button type="button" className="button button--danger" disabled={working} onClick={() => void revoke(key)}>
                              Confirmer la révocation de « {key.name} »
                            </button>
                            <button type="button" className="button button--ghost" onClick={() => setRevoking(null)}>
                              Annuler
                            </button>
                          </>
                        ) : (
                          <button type="button" className="button button--ghost" disabled={working} onClick={() => setRevoking(key.id)} aria-label={`Révoquer la clé ${key.name}`}>
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
              Documentation : <a href="/api/v1/openapi.json">le document OpenAPI de l’API</a>. Chaque requête porte l’en-tête « Authorization: Bearer » suivi de la clé.
            </p>
          </section>
        </>
      ) : null}
    </article>
  )
}
