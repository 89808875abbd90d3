// A loopback stand-in for the few Stripe API endpoints the gateway calls, answering with the
// shapes of Stripe's published API (version 2025-03-31 and later: billing periods on the
// subscription items). The official `stripe` client talks to it through its host/port/protocol
// options. It records every request, so tests can assert the exact parameters sent, and it
// produces the webhook events Stripe would send, signed like Stripe signs them.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export interface RecordedRequest {
  method: string
  path: string
  /** The form parameters as sent (Stripe's bracket notation: `line_items[0][price]`). */
  params: Record<string, string>
  idempotencyKey: string | null
}

export interface SignedEvent {
  event: Stripe.Event
  /** The body exactly as sent, and its Stripe-Signature header. */
  payload: string
  signature: string
}

type StripeObject = Record<string, unknown> & { id: string }

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)
const MONTH = 30 * 24 * 3600

export interface StripeStandIn {
  url: string
  requests: RecordedRequest[]
  /** The official client, pointed at the stand-in. */
  client: Stripe
  webhookSecret: string
  /** Pays the session: returns checkout.session.completed and customer.subscription.created. */
  completeSession: (sessionId: string, options?: { created?: number }) => SignedEvent[]
  /** A customer.subscription.updated/deleted event after changing the stored subscription. */
  updateSubscription: (
    subscriptionId: string,
    changes: { status?: Stripe.Subscription.Status; price?: string; cancelAtPeriodEnd?: boolean },
    options?: { created?: number; type?: 'customer.subscription.updated' | 'customer.subscription.deleted' }
  ) => SignedEvent
  /** invoice.paid or invoice.payment_failed for the subscription. */
  invoiceEvent: (subscriptionId: string, type: 'invoice.paid' | 'invoice.payment_failed', options?: { created?: number }) => SignedEvent
  /** Any event, signed (for types the gateway does not handle). */
  signEvent: (type: string, object: StripeObject, options?: { created?: number }) => SignedEvent
  subscription: (id: string) => StripeObject | undefined
  /**
   * Where the hosted checkout page (`session.url`) delivers its events when "Payer" is pressed,
   * e.g. `http://127.0.0.1:<port>/api/billing/webhook`; unset = the page only redirects.
   */
  setWebhookUrl: (url: string | null) => void
  close: () => Promise<void>
}

function notFound(kind: string, id: string) {
  return {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param: 'id',
      doc_url: 'https://stripe.com/docs/error-codes/resource-missing'
    }
  }
}

/** The bracket-notation parameters gathered back into `metadata`-style objects. */
function prefixed(params: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const match = key.startsWith(`${prefix}[`) ? /^[^[]+\[([^\]]+)\]$/.exec(key) : null
    if (match?.[1] !== undefined) out[match[1]] = value
  }
  return out
}

export async function startStripeStandIn(options: { webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? 'whsec_standin_secret_for_tests'
  const requests: RecordedRequest[] = []
  const customers = new Map<string, StripeObject>()
  const sessions = new Map<string, StripeObject>()
  const subscriptions = new Map<string, StripeObject>()
  const idempotent = new Map<string, StripeObject>()
  let baseUrl = ''
  let webhookUrl: string | null = null

  /** Stripe's hosted checkout, reduced to one button: pays, sends the webhooks, goes back. */
  async function hostedCheckout(method: string, sessionId: string, response: http.ServerResponse) {
    const session = sessions.get(sessionId)
    if (session === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Session inconnue')
      return
    }
    if (method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Paiement (simulation Stripe)</title></head><body><main><h1>Paiement (simulation Stripe)</h1><form method="post"><button type="submit">Payer</button></form><p><a href="${String(session['cancel_url'])}">Annuler</a></p></main></body></html>`
      )
      return
    }
    const events = standIn.completeSession(sessionId)
    if (webhookUrl !== null) {
      for (const signed of events) {
        await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature },
          body: signed.payload
        })
      }
    }
    response.writeHead(303, { location: String(session['success_url']).replace('{CHECKOUT_SESSION_ID}', sessionId) }).end()
  }

  const routes: Array<[string, RegExp, (match: RegExpExecArray, params: Record<string, string>) => [number, unknown]]> = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_match, params) => {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: params['email'] ?? null,
          metadata: prefixed(params, 'metadata'),
          created: now(),
          livemode: false
        }
        customers.set(customer.id, customer)
        return [200, customer]
      }
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_match, params) => {
        const id = newId('cs_test')
        const session = {
          id,
          object: 'checkout.session',
          mode: params['mode'],
          status: 'open',
          payment_status: 'unpaid',
          customer: params['customer'] ?? null,
          customer_email: null,
          customer_details: null,
          client_reference_id: params['client_reference_id'] ?? null,
          locale: params['locale'] ?? null,
          automatic_tax: { enabled: params['automatic_tax[enabled]'] === 'true', liability: null, status: null },
          metadata: prefixed(params, 'metadata'),
          success_url: params['success_url'],
          cancel_url: params['cancel_url'],
          subscription: null,
          currency: 'eur',
          created: now(),
          expires_at: now() + 24 * 3600,
          livemode: false,
          url: `${baseUrl}/c/pay/${id}`,
          // Not part of Stripe's object: what completeSession needs to build the subscription.
          _price: params['line_items[0][price]'],
          _subscriptionMetadata: prefixed(params, 'subscription_data[metadata]')
        }
        sessions.set(id, session)
        return [200, publicView(session)]
      }
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (match) => {
        const session = sessions.get(match[1] as string)
        return session === undefined ? [404, notFound('checkout.session', match[1] as string)] : [200, publicView(session)]
      }
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_match, params) => {
        const customer = params['customer'] ?? ''
        if (!customers.has(customer)) return [404, notFound('customer', customer)]
        const id = newId('bps')
        return [
          200,
          {
            id,
            object: 'billing_portal.session',
            customer,
            return_url: params['return_url'] ?? null,
            locale: params['locale'] ?? null,
            created: now(),
            livemode: false,
            url: `${baseUrl}/p/session/${id}`
          }
        ]
      }
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (match) => {
        const subscription = subscriptions.get(match[1] as string)
        return subscription === undefined ? [404, notFound('subscription', match[1] as string)] : [200, subscription]
      }
    ]
  ]

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const hosted = /^\/c\/pay\/([^/]+)$/.exec(url.pathname)
      if (hosted !== null) {
        hostedCheckout(request.method ?? 'GET', hosted[1] as string, response).catch((error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error))
        })
        return
      }
      const body = Buffer.concat(chunks).toString('utf8')
      const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body))
      const key = request.headers['idempotency-key']
      const idempotencyKey = typeof key === 'string' ? key : null
      requests.push({ method: request.method ?? '', path: url.pathname, params, idempotencyKey })
      let status = 404
      let answer: unknown = {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` }
      }
      const replayed =
        request.method === 'POST' && idempotencyKey !== null ? idempotent.get(`${url.pathname} ${idempotencyKey}`) : undefined
      if (replayed !== undefined) [status, answer] = [200, replayed]
      else {
        for (const [method, pattern, handle] of routes) {
          const match = method === request.method ? pattern.exec(url.pathname) : null
          if (match !== null) {
            ;[status, answer] = handle(match, params)
            if (status === 200 && idempotencyKey !== null && method === 'POST')
              idempotent.set(`${url.pathname} ${idempotencyKey}`, answer as StripeObject)
            break
          }
        }
      }
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') })
      response.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  baseUrl = `http://127.0.0.1:${port}`

  const client = new Stripe('sk_test_standin', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, telemetry: false })

  const signEvent = (type: string, object: StripeObject, eventOptions: { created?: number } = {}): SignedEvent => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: eventOptions.created ?? now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type
    }
    const payload = JSON.stringify(event, null, 2)
    return {
      event: event as unknown as Stripe.Event,
      payload,
      signature: client.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })
    }
  }

  const subscriptionItem = (subscriptionId: string, price: string, start: number) => ({
    id: newId('si'),
    object: 'subscription_item',
    subscription: subscriptionId,
    quantity: 1,
    current_period_start: start,
    current_period_end: start + MONTH,
    price: { id: price, object: 'price', currency: 'eur', recurring: { interval: 'month', interval_count: 1 }, type: 'recurring' }
  })

  const standIn: StripeStandIn = {
    url: baseUrl,
    requests,
    setWebhookUrl: (url) => {
      webhookUrl = url
    },
    client,
    webhookSecret,
    signEvent,
    subscription: (id) => subscriptions.get(id),
    completeSession(sessionId, eventOptions = {}) {
      const session = sessions.get(sessionId)
      if (session === undefined) throw new Error(`stand-in: no session ${sessionId}`)
      const start = eventOptions.created ?? now()
      const id = newId('sub')
      const subscription = {
        id,
        object: 'subscription',
        customer: session['customer'],
        status: 'active',
        cancel_at_period_end: false,
        created: start,
        start_date: start,
        metadata: session['_subscriptionMetadata'],
        items: {
          object: 'list',
          data: [subscriptionItem(id, session['_price'] as string, start)],
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`
        },
        livemode: false
      }
      subscriptions.set(id, subscription)
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: id })
      return [
        signEvent('checkout.session.completed', publicView(session), eventOptions),
        signEvent('customer.subscription.created', subscription, eventOptions)
      ]
    },
    updateSubscription(subscriptionId, changes, eventOptions = {}) {
      const subscription = subscriptions.get(subscriptionId)
      if (subscription === undefined) throw new Error(`stand-in: no subscription ${subscriptionId}`)
      if (changes.status !== undefined) subscription['status'] = changes.status
      if (changes.cancelAtPeriodEnd !== undefined) subscription['cancel_at_period_end'] = changes.cancelAtPeriodEnd
      if (changes.price !== undefined) {
        const items = subscription['items'] as { data: unknown[] }
        items.data = [subscriptionItem(subscriptionId, changes.price, (subscription['created'] as number) ?? now())]
      }
      return signEvent(eventOptions.type ?? 'customer.subscription.updated', subscription, eventOptions)
    },
    invoiceEvent(subscriptionId, type, eventOptions = {}) {
      const subscription = subscriptions.get(subscriptionId)
      if (subscription === undefined) throw new Error(`stand-in: no subscription ${subscriptionId}`)
      const customer = customers.get(subscription['customer'] as string)
      const failed = type === 'invoice.payment_failed'
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        customer: subscription['customer'],
        customer_email: customer?.['email'] ?? null,
        status: failed ? 'open' : 'paid',
        amount_due: 1680,
        amount_paid: failed ? 0 : 1680,
        currency: 'eur',
        attempt_count: 1,
        billing_reason: 'subscription_cycle',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: subscription['metadata'] }
        },
        created: eventOptions.created ?? now(),
        livemode: false
      }
      return signEvent(type, invoice, eventOptions)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
  return standIn
}

/** The session as Stripe shows it (without the stand-in's own bookkeeping fields). */
function publicView(session: StripeObject): StripeObject {
  return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_'))) as StripeObject
}
