// The « Webhooks » page as it looks in each state: loading or failed, the outcome of the last
// action with the new secret, the form (or the plan that has webhooks), the endpoints and the open
// log. Pure view: the page (routes/webhooks.tsx) holds the state and calls the gateway.
import type { ReactNode } from 'react'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import type { ApiLoad } from '@/lib/query-load'
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpointList } from '../api/webhooks-api'
import { CreatedEndpointNotice, type CopyState } from './created-endpoint-notice'
import { DeliveriesLog } from './deliveries-log'
import { EndpointsListCard, type EndpointsListCardProps } from './endpoints-list-card'
import { NewEndpointCard, type NewEndpointCardProps } from './new-endpoint-card'

export interface WebhooksPageViewProps {
  load: ApiLoad<WebhookEndpointList>
  onReload: () => void
  status: ActionOutcome
  created: CreatedWebhookEndpoint | null
  copy: CopyState
  onCopy: () => void
  form: Omit<NewEndpointCardProps, 'included'>
  list: Omit<EndpointsListCardProps, 'endpoints' | 'log'>
  log: ApiLoad<WebhookDelivery[]>
  onRetryLog: () => void
  onRedeliver: (delivery: WebhookDelivery) => void
}

function logContent(props: WebhooksPageViewProps, endpoints: WebhookEndpointList['endpoints']): ReactNode {
  const { log, list } = props
  if (list.openLog === null) return null
  if (log.kind === 'loading') return <LoadingStatus />
  if (log.kind === 'failed') return <LoadFailure error={log.error} onRetry={props.onRetryLog} />
  const url = endpoints.find((each) => each.id === list.openLog)?.url ?? ''
  return <DeliveriesLog endpointUrl={url} deliveries={log.data} working={list.working} onRedeliver={props.onRedeliver} />
}

export function WebhooksPageView(props: WebhooksPageViewProps) {
  const { load, status, created } = props
  return (
    <article className="team-page">
      <header className="page-intro workspace-intro">
        <h1>Webhooks</h1>
        <p className="lead">
          Paraphe prévient votre logiciel dès qu’un devis est envoyé, consulté, signé, refusé ou expiré, par une requête signée vers
          l’adresse de votre choix.
        </p>
      </header>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={props.onReload} /> : null}
      <ActionOutcomeNotice outcome={status}>
        {created !== null ? <CreatedEndpointNotice created={created} copy={props.copy} onCopy={props.onCopy} /> : null}
      </ActionOutcomeNotice>
      {load.kind === 'ready' ? (
        <>
          <NewEndpointCard included={load.data.webhooksIncluded} {...props.form} />
          <EndpointsListCard endpoints={load.data.endpoints} log={logContent(props, load.data.endpoints)} {...props.list} />
        </>
      ) : null}
    </article>
  )
}
