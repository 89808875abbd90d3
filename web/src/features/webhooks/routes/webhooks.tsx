import { useRef, useState, type FormEvent } from 'react'
import { WEBHOOK_EVENT_TYPES } from '@paraphe/shared/api/webhook-schemas'
import type { ActionOutcome } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { loadOf, type ApiLoad } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import { useWebhooks } from '../api/get-webhooks'
import { useWorkspace } from '@/hooks/use-workspace'
import type { RouteHandle } from '@/lib/route-handle'
import { type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '../api/webhooks-api'
import type { CopyState } from '../components/created-endpoint-notice'
import type { NewEndpointProblems } from '../components/new-endpoint-card'
import { WebhooksPageView } from '../components/webhooks-page-view'
import { addEndpoint, deleteEndpoint, endpointProblems, loadDeliveries, redeliver, toggledEvents } from '../lib/webhook-actions'

export const handle: RouteHandle = {
  title: 'Webhooks',
  description: 'Les adresses où Paraphe prévient votre logiciel quand un devis est envoyé, consulté, signé, refusé ou expiré.'
}

export { WebhooksPage as Component }

function WebhooksPage() {
  const { api } = useWorkspace()
  const load = loadOf(useWebhooks())
  const reload = useInvalidate(queryKeys.webhooks)
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
      void reload()
    } else if (outcome.kind === 'refused') {
      setProblems(outcome.problems)
      urlRef.current?.focus()
    } else setStatus({ kind: 'failed', text: outcome.text })
  }

  async function copySecret() {
    // The clipboard API exists only in secure contexts: otherwise the secret is selected for Ctrl+C.
    try {
      await navigator.clipboard.writeText(created?.secret ?? '')
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

  /** One action at a time; what it changed reloaded, then its outcome in the notice. */
  async function act(work: Promise<ActionOutcome>, after: () => Promise<void>) {
    setWorking(true)
    setStatus(null)
    const outcome = await work
    if (outcome?.kind === 'done') await after()
    setStatus(outcome)
    setWorking(false)
  }

  function remove(endpoint: WebhookEndpoint) {
    void act(deleteEndpoint(api, endpoint), async () => {
      setDeleting(null)
      if (openLog === endpoint.id) setOpenLog(null)
      await reload()
    })
  }

  function toggleLog(id: string) {
    setOpenLog(openLog === id ? null : id)
    if (openLog !== id) void showLog(id)
  }

  return (
    <WebhooksPageView
      load={load}
      onReload={reload}
      status={status}
      created={created}
      copy={copy}
      onCopy={() => void copySecret()}
      form={{
        url,
        events,
        problems,
        urlRef,
        working,
        onUrlChange: setUrl,
        onEventToggle: (type, chosen) => setEvents(toggledEvents(events, type, chosen)),
        onSubmit: (event) => void create(event)
      }}
      list={{ deleting, openLog, working, onAskDelete: setDeleting, onDelete: remove, onToggleLog: toggleLog }}
      log={log}
      onRetryLog={() => void showLog(openLog ?? '')}
      onRedeliver={(delivery) => void act(redeliver(api, openLog ?? '', delivery), () => showLog(openLog ?? ''))}
    />
  )
}
