// What the « Webhooks » page does, apart from its state: the form's own checks, and each call to the
// gateway turned into what the page shows (a created endpoint, a refusal next to its field, an
// outcome notice, a delivery log). Tested in Node against the real gateway (workspace-apis.test).
import { WEBHOOK_EVENT_TYPES } from '@paraphe/shared/api/webhook-schemas'
import type { ActionOutcome } from '@/components/ui/load-state'
import type { ApiLoad } from '@/lib/query-load'
import { asApiError, type ApiClient } from '@/lib/api-client'
import {
  webhooksApi,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType
} from '../api/webhooks-api'
import type { NewEndpointProblems } from '../components/new-endpoint-card'

/** Checked before asking the gateway (which checks the URL itself, with the production rule). */
export function endpointProblems(url: string, events: readonly WebhookEventType[]): NewEndpointProblems {
  const problems: NewEndpointProblems = {}
  if (url.trim() === '') problems.url = 'Indiquez l’adresse (URL) qui recevra les événements.'
  if (events.length === 0) problems.events = 'Choisissez au moins un événement.'
  return problems
}

/** The events ticked, always in the order of the list. */
export function toggledEvents(current: readonly WebhookEventType[], type: WebhookEventType, chosen: boolean): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? chosen : current.includes(each)))
}

export type AddOutcome =
  | { kind: 'created'; created: CreatedWebhookEndpoint }
  | { kind: 'refused'; problems: NewEndpointProblems }
  | { kind: 'failed'; text: string }

export async function addEndpoint(api: ApiClient, url: string, events: WebhookEventType[]): Promise<AddOutcome> {
  try {
    return { kind: 'created', created: await webhooksApi.create(api, url.trim(), events) }
  } catch (error) {
    const failure = asApiError(error)
    const urlProblem = failure.fields?.url
    return urlProblem === undefined ? { kind: 'failed', text: failure.message } : { kind: 'refused', problems: { url: urlProblem } }
  }
}

export async function loadDeliveries(api: ApiClient, endpointId: string): Promise<ApiLoad<WebhookDelivery[]>> {
  try {
    return { kind: 'ready', data: (await webhooksApi.deliveries(api, endpointId)).deliveries }
  } catch (error) {
    return { kind: 'failed', error: asApiError(error) }
  }
}

async function outcomeOf(work: () => Promise<string>): Promise<ActionOutcome> {
  try {
    return { kind: 'done', text: await work() }
  } catch (error) {
    return { kind: 'failed', text: asApiError(error).message }
  }
}

export function deleteEndpoint(api: ApiClient, endpoint: WebhookEndpoint): Promise<ActionOutcome> {
  return outcomeOf(async () => {
    await webhooksApi.remove(api, endpoint.id)
    return `L’adresse ${endpoint.url} est supprimée : elle ne reçoit plus rien.`
  })
}

export function redeliver(api: ApiClient, endpointId: string, delivery: WebhookDelivery): Promise<ActionOutcome> {
  return outcomeOf(async () => {
    await webhooksApi.redeliver(api, endpointId, delivery.id)
    return `L’événement ${delivery.eventType} est remis dans la file d’envoi, avec le même identifiant.`
  })
}
