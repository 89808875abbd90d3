// The webhooks' endpoints of the gateway, typed once for the page.
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpointList,
  WebhookEventType
} from '@paraphe/shared/api/webhook-schemas'
import type { ApiClient } from '@/lib/api-client'

export type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEventType
} from '@paraphe/shared/api/webhook-schemas'

const endpointPath = (id: string) => `/api/company/webhooks/${encodeURIComponent(id)}`

export const webhooksApi = {
  list: (api: ApiClient, signal?: AbortSignal) => api.get<WebhookEndpointList>('/api/company/webhooks', { signal }),
  create: (api: ApiClient, url: string, events: WebhookEventType[]) =>
    api.post<CreatedWebhookEndpoint>('/api/company/webhooks', { body: { url, events } }),
  remove: (api: ApiClient, id: string) => api.delete<unknown>(endpointPath(id)),
  deliveries: (api: ApiClient, id: string) => api.get<WebhookDeliveryList>(`${endpointPath(id)}/deliveries`),
  redeliver: (api: ApiClient, id: string, deliveryId: string) =>
    api.post<WebhookDelivery>(`${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`)
}
