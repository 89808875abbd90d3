// The webhooks' contract: the workspace's routes (`/api/company/webhooks`) that list, create and
// delete the company's endpoints, show their deliveries and put one back in the queue. The
// endpoint's signing secret appears once, in the creation's answer.
import { Type, type Static } from '@sinclair/typebox'
import { literals, nullable } from './schema-parts.js'

/** What an endpoint may subscribe to; each is a moment of a quote's or an invoice's life (migrations 0012, 0016, 0031). */
export const WEBHOOK_EVENT_TYPES = [
  'quote.sent',
  'quote.viewed',
  'quote.signed',
  'quote.declined',
  'quote.expired',
  'invoice.issued',
  'invoice.paid',
  'invoice.overdue',
  'invoice.status_changed'
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** In French, for the page and the reference. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'quote.sent': 'Devis envoyé au client',
  'quote.viewed': 'Devis consulté par le client (première consultation)',
  'quote.signed': 'Devis signé (PDF scellé disponible)',
  'quote.declined': 'Devis refusé par le client (avec le motif)',
  'quote.expired': 'Devis expiré sans réponse',
  'invoice.issued': 'Facture ou avoir émis (numéro, montants ; PDF et XML par l’API)',
  'invoice.paid': 'Facture entièrement payée',
  'invoice.overdue': 'Facture en retard de paiement (échéance dépassée)',
  'invoice.status_changed':
    'Nouveau statut de la facture électronique revenu de la plateforme agréée (Déposée, Mise à disposition, Approuvée, Refusée, Encaissée…)'
}

/** What a signing secret starts with, as Stripe's do (secret scanners recognise it). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
/** The headers of every delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'Paraphe-Signature'
export const WEBHOOK_EVENT_ID_HEADER = 'Paraphe-Event-Id'
/** Endpoints per company: enough for an ERP, a CRM and a test receiver. */
export const MAX_WEBHOOK_ENDPOINTS = 10
export const WEBHOOK_URL_MAX_LENGTH = 2000

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

export const WebhookEndpointSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(literals(WEBHOOK_EVENT_TYPES)),
  /** The secret's first characters, to tell endpoints apart. */
  secretPrefix: Type.String(),
  createdAt: Type.String()
})
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>

/** `webhooksIncluded`: whether the company's plan has them (endpoints are created and served only then). */
export const WebhookEndpointListBody = Type.Object({ endpoints: Type.Array(WebhookEndpointSchema), webhooksIncluded: Type.Boolean() })
export type WebhookEndpointList = Static<typeof WebhookEndpointListBody>

export const CreateWebhookEndpointBody = Type.Object(
  {
    url: Type.String({ maxLength: WEBHOOK_URL_MAX_LENGTH }),
    events: Type.Array(literals(WEBHOOK_EVENT_TYPES), { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true })
  },
  { additionalProperties: false }
)
export type NewWebhookEndpoint = Static<typeof CreateWebhookEndpointBody>

/** The only answer that holds the secret: it cannot be read again. */
export const CreatedWebhookEndpointBody = Type.Object({ endpoint: WebhookEndpointSchema, secret: Type.String() })
export type CreatedWebhookEndpoint = Static<typeof CreatedWebhookEndpointBody>

export const WebhookDeliverySchema = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  eventType: literals(WEBHOOK_EVENT_TYPES),
  status: literals(WEBHOOK_DELIVERY_STATUSES),
  attempts: Type.Integer(),
  lastStatusCode: nullable(Type.Integer()),
  lastError: nullable(Type.String()),
  lastAttemptAt: nullable(Type.String()),
  nextAttemptAt: nullable(Type.String()),
  deliveredAt: nullable(Type.String()),
  createdAt: Type.String()
})
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>
export const WebhookDeliveryListBody = Type.Object({ deliveries: Type.Array(WebhookDeliverySchema) })
export type WebhookDeliveryList = Static<typeof WebhookDeliveryListBody>

export const WebhookEndpointIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })
export const WebhookDeliveryIdParams = Type.Object({ id: Type.String({ maxLength: 100 }), deliveryId: Type.String({ maxLength: 30 }) })

/** The event id receivers see: `evt_` and the row's uuid without dashes. */
export function webhookEventId(rowId: string): string {
  return `evt_${rowId.replaceAll('-', '')}`
}
