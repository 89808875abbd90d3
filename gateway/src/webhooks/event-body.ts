// The body of a webhook: `{ id, type, created, data }`, built from the stored event the same way
// at every attempt (so a retry carries the same bytes, bar the signature's time). The API's
// addresses are made absolute here, from the site's public origin, which the database ignores.
import { apiPaths } from '@paraphe/shared/paths'
import { webhookEventId } from '@paraphe/shared/api/webhook-schemas'

export interface StoredEvent {
  id: string
  type: string
  data: Record<string, unknown>
  createdAt: Date
}

function withUrl(value: unknown, url: string): unknown {
  return typeof value === 'object' && value !== null ? { ...value, url } : value
}

export function webhookBody(event: StoredEvent, publicUrl: URL): string {
  const data: Record<string, unknown> = { ...event.data }
  const quote = data.quote as { id?: unknown } | undefined
  if (typeof quote?.id === 'string') {
    data.quote = withUrl(quote, new URL(apiPaths.quote(quote.id), publicUrl).href)
    if ('signedPdf' in data) data.signedPdf = withUrl(data.signedPdf, new URL(apiPaths.signedPdf(quote.id), publicUrl).href)
  }
  const invoice = data.invoice as { id?: unknown } | undefined
  if (typeof invoice?.id === 'string') data.invoice = withUrl(invoice, new URL(apiPaths.invoice(invoice.id), publicUrl).href)
  return JSON.stringify({ id: webhookEventId(event.id), type: event.type, created: Math.floor(event.createdAt.getTime() / 1000), data })
}
