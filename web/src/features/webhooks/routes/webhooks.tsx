import { useRef, useState, type FormEvent } from 'react'
import { WEBHOOK_EVENT_TYPES } from '@paraphe/shared/api/webhook-schemas'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useApiLoad, type ApiLoad } from '@/hooks/use-api-load'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { webhooksApi, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointList, type WebhookEventType } from '../api/webhooks-api'
import { CreatedEndpointNotice, type CopyState } from '../components/created-endpoint-notice'
import { DeliveriesLog } from '../components/deliveries-log'
import { EndpointsListCard } from '../components/endpoints-list-card'
import { NewEndpointCard, type NewEndpointProblems } from '../components/new-endpoint-card'

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
    const found: NewEndpointProblems = {}
    if (url.trim() === '') found.url = 'Indiquez l’adresse (URL) qui recevra les événements.'
    if (events.length === 0) found.events = 'Choisissez au moins un événement.'
    setProblems(found)
    if (found.url !== undefined) urlRef.current?.focus()
    if (Object.keys(found).length > 0) return
    setWorking(true)
    setStatus(null)
    try {
      setCreated(await webhooksApi.create(api, url.trim(), events))
      setCopy('idle')
      setUrl('')
      reload()
    } catch (error) {
      const failure = asApiError(error)
      if (failure.fields?.url !== undefined) {
        setProblems({ url: failure.fields.url })
        urlRef.current?.focus()
      } else setStatus({ kind: 'failed', text: failure.message })
    } finally {
      setWorking(false)
    }
  }

  function copySecret(secret: string) {
    // The clipboard API exists only in secure contexts: otherwise the secret is selected for Ctrl+C.
    const select = () => {
      const input = document.getElementById('webhook-secret')
      if (input instanceof HTMLInputElement) input.select()
      setCopy('manual')
    }
    if (navigator.clipboard === undefined) return select()
    navigator.clipboard.writeText(secret).then(() => setCopy('copied'), select)
  }

  async function showLog(id: string) {
    setLog({ kind: 'loading' })
    try {
      setLog({ kind: 'ready', data: (await webhooksApi.deliveries(api, id)).deliveries })
    } catch (error) {
      setLog({ kind: 'failed', error: asApiError(error) })
    }
  }

  function toggleLog(id: string) {
    if (openLog === id) return setOpenLog(null)
    setOpenLog(id)
    void showLog(id)
  }

  async function act(work: () => Promise<string>) {
    setWorking(true)
    setStatus(null)
    try {
      setStatus({ kind: 'done', text: await work() })
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    } finally {
      setWorking(false)
    }
  }

  const remove = (endpoint: WebhookEndpoint) =>
    act(async () => {
      await webhooksApi.remove(api, endpoint.id)
      setDeleting(null)
      if (openLog === endpoint.id) setOpenLog(null)
      reload()
      return `L’adresse ${endpoint.url} est supprimée : elle ne reçoit plus rien.`
    })

  const redeliver = (endpointId: string, delivery: WebhookDelivery) =>
    act(async () => {
      await webhooksApi.redeliver(api, endpointId, delivery.id)
      await showLog(endpointId)
      return `L’événement ${delivery.eventType} est remis dans la file d’envoi, avec le même identifiant.`
    })

  return (
    <article className="team-page">
      <header className="page-intro workspace-intro">
        <h1>Webhooks</h1>
        <p className="lead">Paraphe prévient votre logiciel dès qu’un devis est envoyé, consulté, signé, refusé ou expiré, par une requête signée vers l’adresse de votre choix.</p>
      </header>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={reload} /> : null}
      <ActionOutcomeNotice outcome={status}>
        {created !== null ? <CreatedEndpointNotice created={created} copy={copy} onCopy={() => copySecret(created.secret)} /> : null}
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
            onEventToggle={(type, chosen) => setEvents((current) => (chosen ? WEBHOOK_EVENT_TYPES.filter((each) => each === type || current.includes(each)) : current.filter((each) => each !== type)))}
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
                <DeliveriesLog endpointUrl={load.data.endpoints.find((each) => each.id === openLog)?.url ?? ''} deliveries={log.data} working={working} onRedeliver={(delivery) => void redeliver(openLog, delivery)} />
              )
            }
            working={working}
            onAskDelete={setDeleting}
            onDelete={(endpoint) => void remove(endpoint)}
            onToggleLog={toggleLog}
          />
        </>
      ) : null}
    </article>
  )
}
