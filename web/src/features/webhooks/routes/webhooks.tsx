import { useRef, useState, type FormEvent } from 'react'
import { WEBHOOK_EVENT_TYPES } from '@paraphe/shared/api/webhook-schemas'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useApiLoad, type ApiLoad } from '@/hooks/use-api-load'
import { useWorkspace } from '@/hooks/use-workspace'
import type { RouteHandle } from '@/lib/route-handle'
import { webhooksApi, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointList, type WebhookEventType } from '../api/webhooks-api'
import { CreatedEndpointNotice, type CopyState } from '../components/created-endpoint-notice'
import { DeliveriesLog } from '../components/deliveries-log'
import { EndpointsListCard } from '../components/endpoints-list-card'
import { NewEndpointCard, type NewEndpointProblems } from '../components/new-endpoint-card'
import { addEndpoint, deleteEndpoint, endpointProblems, loadDeliveries, redeliver, toggledEvents } from '../lib/webhook-actions'

export const handle: RouteHandle = {
  title: 'Webhooks',
  description: 'Les adresses où Paraphe prévient votre logiciel quand un devis est envoyé, consulté, signé, refusé ou expiré.'
}

export { WebhooksPage as Component }

function WebhooksPage() {
  const { api } = useWorkspace()
  const { load, reload } = useApiLoad<WebhookEndpointList>((client, signal) => webhooksApi.list(client, signal))
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES])
  const [problems, setProblems] = useState<NewEndpointProblems>({})
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null)
  const [copy, setCopy] = useState<CopyState>('idle')
  const [status, setStatus] = useState<ActionOutcome>(null)
  const [working, setWorking] = useState(false)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [openLog, setOpenLog] = useState<string | null>(null)
  const [log, setLog] = useState<ApiLoad<WebhookDelivery[]>>({ kind: 'loading' })
  const urlRef = useRef<HTMLInputElement>(null)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = endpointProblems(url, events)
    setProblems(found)
    if (found.url !== undefined) urlRef.current?.focus()
    if (Object.keys(found).length > 0) return
    setWorking(true)
    setStatus(null)
    const outcome = await addEndpoint(api, url, events)
    setWorking(false)
    if (outcome.kind === 'created') {
      setCreated(outcome.created)
      setCopy('idle')
      setUrl('')
      reload()
    } else if (outcome.kind === 'refused') {
      setProblems(outcome.problems)
      urlRef.current?.focus()
    } else setStatus({ kind: 'failed', text: outcome.text })
  }

  async function copySecret(secret: string) {
    // The clipboard API exists only in secure contexts: otherwise the secret is selected for Ctrl+C.
    try {
      await navigator.clipboard.writeText(secret)
      setCopy('copied')
    } catch {
      const input = document.getElementById('webhook-secret')
      if (input instanceof HTMLInputElement) input.select()
      setCopy('manual')
    }
  }

  async function showLog(id: string) {
    setLog({ kind: 'loading' })
    setLog(await loadDeliveries(api, id))
  }

  function toggleLog(id: string) {
    setOpenLog(openLog === id ? null : id)
    if (openLog !== id) void showLog(id)
  }

  /** One action at a time; its outcome in the notice, then what it changed reloaded. */
  async function act(work: Promise<ActionOutcome>, after: () => void) {
    setWorking(true)
    setStatus(null)
    const outcome = await work
    setStatus(outcome)
    setWorking(false)
    if (outcome?.kind === 'done') after()
  }

  return (
    <article className="team-page">
      <header className="page-intro workspace-intro">
        <h1>Webhooks</h1>
        <p className="lead">Paraphe prévient votre logiciel dès qu’un devis est envoyé, consulté, signé, refusé ou expiré, par une requête signée vers l’adresse de votre choix.</p>
      </header>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={reload} /> : null}
      <ActionOutcomeNotice outcome={status}>
        {created !== null ? <CreatedEndpointNotice created={created} copy={copy} onCopy={() => void copySecret(created.secret)} /> : null}
      </ActionOutcomeNotice>
      {load.kind === 'ready' ? (
        <>
          <NewEndpointCard
            included={load.data.webhooksIncluded}
            url={url}
            events={events}
            problems={problems}
            urlRef={urlRef}
            working={working}
            onUrlChange={setUrl}
            onEventToggle={(type, chosen) => setEvents(toggledEvents(events, type, chosen))}
            onSubmit={(event) => void create(event)}
          />
          <EndpointsListCard
            endpoints={load.data.endpoints}
            deleting={deleting}
            openLog={openLog}
            log={
              openLog === null ? null : log.kind === 'loading' ? (
                <LoadingStatus />
              ) : log.kind === 'failed' ? (
                <LoadFailure error={log.error} onRetry={() => void showLog(openLog)} />
              ) : (
                <DeliveriesLog
                  endpointUrl={load.data.endpoints.find((each) => each.id === openLog)?.url ?? ''}
                  deliveries={log.data}
                  working={working}
                  onRedeliver={(delivery) => void act(redeliver(api, openLog, delivery), () => void showLog(openLog))}
                />
              )
            }
            working={working}
            onAskDelete={setDeleting}
            onDelete={(endpoint: WebhookEndpoint) =>
              void act(deleteEndpoint(api, endpoint), () => {
                setDeleting(null)
                if (openLog === endpoint.id) setOpenLog(null)
                reload()
              })
            }
            onToggleLog={toggleLog}
          />
        </>
      ) : null}
    </article>
  )
}
