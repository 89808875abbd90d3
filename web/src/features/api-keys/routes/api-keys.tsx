import { useRef, useState, type FormEvent } from 'react'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import { useApiKeys } from '../api/get-api-keys'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { apiKeysApi, type ApiKey, type CreatedApiKey } from '../api/api-keys-api'
import { CreatedKeyNotice } from '../components/created-key-notice'
import { KeysListCard } from '../components/keys-list-card'
import { NewKeyCard } from '../components/new-key-card'

export const handle: RouteHandle = {
  title: 'Clés d’API',
  description: 'Les clés qui permettent à votre logiciel de créer et d’envoyer vos devis par l’API.'
}

export { ApiKeysPage as Component }

function ApiKeysPage() {
  const { api } = useWorkspace()
  const load = loadOf(useApiKeys())
  const reload = useInvalidate(queryKeys.apiKeys)
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
      await reload()
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
      setRevoking(null)
      await reload()
      setStatus({ kind: 'done', text: `La clé « ${key.name} » est révoquée : elle est refusée dès la prochaine requête.` })
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
      <ActionOutcomeNotice outcome={status}>{created !== null ? <CreatedKeyNotice created={created} /> : null}</ActionOutcomeNotice>
      {load.kind === 'ready' ? (
        <>
          <NewKeyCard
            apiIncluded={load.data.apiIncluded}
            name={name}
            canWrite={canWrite}
            nameProblem={nameProblem}
            nameRef={nameRef}
            working={working}
            onNameChange={setName}
            onCanWriteChange={setCanWrite}
            onSubmit={(event) => void create(event)}
          />
          <KeysListCard
            keys={load.data.keys}
            revoking={revoking}
            working={working}
            onAskRevoke={setRevoking}
            onRevoke={(key) => void revoke(key)}
          />
        </>
      ) : null}
    </article>
  )
}
