// A loopback stand-in for the few Stripe API endpoints the gateway calls, answering with the
// shapes of Stripe's published API (version 2025-03-31 and later: billing periods on the
// subscription items). The official `stripe` client talks to it through its host/port/protocol
// options. It records every request, so tests can assert the exact parameters sent, and it
// produces the webhook events Stripe would send, signed like Stripe signs them. Stripe Connect
// too (Standard accounts onboarded through Account Links, calls on their behalf with the
// `Stripe-Account` header, Checkout in payment mode, its `expire` endpoint), with the events of
// the connected accounts (their `account` field, signed with the Connect endpoint's own secret):
// a paid session, a refund (`charge.refunded`), a dispute (`charge.dispute.created`, its money
// taken back and given again: `charge.dispute.funds_withdrawn` / `funds_reinstated`, and its end:
// `charge.dispute.closed`).
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
  /** The `Stripe-Account` header: the connected account the call acts for. */
  account: string | null
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
  /** Any event, signed (for types the gateway does not handle); `account` makes it a Connect event, signed with the Connect secret. */
  signEvent: (type: string, object: StripeObject, options?: { created?: number; account?: string }) => SignedEvent
  /** Signing secret of the Connect webhook endpoint (events of connected accounts). */
  connectWebhookSecret: string
  /** Pays a payment-mode session on its connected account: checkout.session.completed, with `account`. */
  payPaymentSession: (sessionId: string) => SignedEvent
  /** Refunds `amountCents` of a paid session's charge (all of it by default): charge.refunded. */
  refund: (paymentIntentId: string, amountCents?: number) => SignedEvent
  /** The client disputes a paid session's charge with their bank: charge.dispute.created. */
  dispute: (paymentIntentId: string) => SignedEvent
  /** The disputed money taken from the account, or given back to it: charge.dispute.funds_withdrawn / funds_reinstated. */
  disputeFunds: (disputeId: string, movement: 'withdrawn' | 'reinstated') => SignedEvent
  /** The bank's decision: charge.dispute.closed with status won or lost. */
  closeDispute: (disputeId: string, status: 'won' | 'lost') => SignedEvent
  /** A session as stored (status, amount, account). */
  session: (id: string) => StripeObject | undefined
  /** Where the hosted payment page of connected accounts delivers its events; unset = it only redirects. */
  setConnectWebhookUrl: (url: string | null) => void
  /** Whether the account may take charges yet (the onboarding page sets it). */
  setChargesEnabled: (accountId: string, enabled: boolean) => void
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
  const connectWebhookSecret = 'whsec_standin_connect_secret_for_tests'
  const accounts = new Map<string, StripeObject>()
  const charges = new Map<string, StripeObject & { _account: string; _session: string }>()
  const disputes = new Map<string, StripeObject & { _account: string }>()
  let connectWebhookUrl: string | null = null
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
    if (session['mode'] === 'payment') {
      await hostedPayment(method, session, response)
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

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`

  /** The payment page of a connected account: the amount, « Payer »; an expired or paid session says so, as Stripe's does. */
  async function hostedPayment(method: string, session: StripeObject, response: http.ServerResponse) {
    const amount = ((session['amount_total'] as number) / 100).toFixed(2).replace('.', ',')
    if (session['status'] !== 'open') {
      response.writeHead(410, { 'content-type': 'text/html; charset=utf-8' })
      response.end(page('Session expirée', `<p>Cette session de paiement n’est plus valable.</p>`))
      return
    }
    if (method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(
        page(
          'Paiement (simulation Stripe)',
          `<p>Montant : <strong id="amount">${amount} €</strong></p><form method="post"><button type="submit">Payer ${amount} €</button></form><p><a href="${String(session['cancel_url'])}">Annuler</a></p>`
        )
      )
      return
    }
    const signed = standIn.payPaymentSession(session.id)
    if (connectWebhookUrl !== null) {
      await fetch(connectWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature },
        body: signed.payload
      })
    }
    response.writeHead(303, { location: String(session['success_url']) }).end()
  }

  /** Stripe's onboarding of a Standard account, reduced to one button: the account may then take charges. */
  function hostedOnboarding(method: string, accountId: string, returnUrl: string, response: http.ServerResponse) {
    const account = accounts.get(accountId)
    if (account === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Compte inconnu')
      return
    }
    if (method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(page('Activer votre compte (simulation Stripe)', `<form method="post"><button type="submit">Terminer</button></form>`))
      return
    }
    Object.assign(account, { charges_enabled: true, details_submitted: true, payouts_enabled: true })
    response.writeHead(303, { location: returnUrl }).end()
  }

  const routes: Array<
    [string, RegExp, (match: RegExpExecArray, params: Record<string, string>, account: string | null) => [number, unknown]]
  > = [
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
      (_match, params, account) => {
        const id = newId('cs_test')
        const unitAmount = params['line_items[0][price_data][unit_amount]']
        const payment =
          params['mode'] === 'payment'
            ? {
                amount_total: Number(unitAmount) * Number(params['line_items[0][quantity]'] ?? '1'),
                amount_subtotal: Number(unitAmount) * Number(params['line_items[0][quantity]'] ?? '1'),
                currency: params['line_items[0][price_data][currency]'],
                payment_intent: null,
                _account: account,
                _lineName: params['line_items[0][price_data][product_data][name]']
              }
            : {}
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
          expires_at: params['expires_at'] === undefined ? now() + 24 * 3600 : Number(params['expires_at']),
          livemode: false,
          url: `${baseUrl}/c/pay/${id}`,
          ...payment,
          // Not part of Stripe's object: what completeSession needs to build the subscription.
          _price: params['line_items[0][price]'],
          _subscriptionMetadata: prefixed(params, 'subscription_data[metadata]')
        }
        if (params['mode'] === 'payment') {
          const expiresIn = Number(params['expires_at'] ?? now() + 24 * 3600) - now()
          // Stripe's own bounds: between 30 minutes and 24 hours.
          if (expiresIn < 1800 || expiresIn > 24 * 3600)
            return [400, { error: { type: 'invalid_request_error', param: 'expires_at', message: 'expires_at out of range' } }]
          if (account === null || !accounts.has(account))
            return [403, { error: { type: 'invalid_request_error', message: 'No such account' } }]
          if (accounts.get(account)?.['charges_enabled'] !== true)
            return [400, { error: { type: 'invalid_request_error', message: 'This account cannot currently make live charges.' } }]
        }
        sessions.set(id, session)
        return [200, publicView(session)]
      }
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (match, _params, account) => {
        const session = sessions.get(match[1] as string)
        // A connected account's session exists only for calls made on its behalf.
        return session === undefined || (session['_account'] ?? null) !== account
          ? [404, notFound('checkout.session', match[1] as string)]
          : [200, publicView(session)]
      }
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      (match, _params, account) => {
        const session = sessions.get(match[1] as string)
        if (session === undefined || (session['_account'] ?? null) !== account)
          return [404, notFound('checkout.session', match[1] as string)]
        if (session['status'] !== 'open')
          return [
            400,
            { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` } }
          ]
        session['status'] = 'expired'
        return [200, publicView(session)]
      }
    ],
    [
      'POST',
      /^\/v1\/accounts$/,
      (_match, params) => {
        const account = {
          id: newId('acct').slice(0, 21),
          object: 'account',
          type: params['type'] ?? 'standard',
          country: params['country'] ?? 'FR',
          email: params['email'] ?? null,
          default_currency: 'eur',
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          metadata: prefixed(params, 'metadata'),
          created: now(),
          livemode: false
        }
        accounts.set(account.id, account)
        return [200, account]
      }
    ],
    [
      'GET',
      /^\/v1\/accounts\/([^/]+)$/,
      (match) => {
        const account = accounts.get(match[1] as string)
        return account === undefined ? [404, notFound('account', match[1] as string)] : [200, account]
      }
    ],
    [
      'POST',
      /^\/v1\/account_links$/,
      (_match, params) => {
        const account = params['account'] ?? ''
        if (!accounts.has(account)) return [404, notFound('account', account)]
        if (params['type'] !== 'account_onboarding' || params['return_url'] === undefined || params['refresh_url'] === undefined)
          return [400, { error: { type: 'invalid_request_error', message: 'Missing required param: type, return_url or refresh_url.' } }]
        const setup = new URL(`${baseUrl}/setup/${account}`)
        setup.searchParams.set('return', params['return_url'])
        return [200, { object: 'account_link', created: now(), expires_at: now() + 300, url: setup.href }]
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
      // Stripe's pages have an icon: browsers ask for it.
      if (url.pathname === '/favicon.ico') {
        response.writeHead(204).end()
        return
      }
      const onboarding = /^\/setup\/([^/]+)$/.exec(url.pathname)
      if (onboarding !== null) {
        hostedOnboarding(request.method ?? 'GET', onboarding[1] as string, url.searchParams.get('return') ?? '/', response)
        return
      }
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
      const accountHeader = request.headers['stripe-account']
      const account = typeof accountHeader === 'string' ? accountHeader : null
      requests.push({ method: request.method ?? '', path: url.pathname, params, idempotencyKey, account })
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
            ;[status, answer] = handle(match, params, account)
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

  const signEvent = (type: string, object: StripeObject, eventOptions: { created?: number; account?: string } = {}): SignedEvent => {
    const event = {
      id: newId('evt'),
      object: 'event',
      ...(eventOptions.account === undefined ? {} : { account: eventOptions.account }),
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
      signature: client.webhooks.generateTestHeaderString({
        payload,
        secret: eventOptions.account === undefined ? webhookSecret : connectWebhookSecret
      })
    }
  }

  const disputeOf = (disputeId: string) => {
    const dispute = disputes.get(disputeId)
    if (dispute === undefined) throw new Error(`stand-in: no dispute ${disputeId}`)
    return dispute
  }
  /** The charge of a paid session, as Stripe shows it after `changes`. */
  const chargeOf = (paymentIntentId: string) => {
    const charge = [...charges.values()].find((entry) => entry['payment_intent'] === paymentIntentId)
    if (charge === undefined) throw new Error(`stand-in: no charge for ${paymentIntentId}`)
    return charge
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
    connectWebhookSecret,
    session: (id) => sessions.get(id),
    setConnectWebhookUrl: (url) => {
      connectWebhookUrl = url
    },
    setChargesEnabled: (accountId, enabled) => {
      const account = accounts.get(accountId)
      if (account === undefined) throw new Error(`stand-in: no account ${accountId}`)
      account['charges_enabled'] = enabled
    },
    payPaymentSession(sessionId) {
      const session = sessions.get(sessionId)
      if (session === undefined || session['mode'] !== 'payment') throw new Error(`stand-in: no payment session ${sessionId}`)
      if (session['status'] !== 'open') throw new Error(`stand-in: session ${sessionId} is ${String(session['status'])}`)
      const account = session['_account'] as string
      const paymentIntent = newId('pi')
      const charge = {
        id: newId('ch'),
        object: 'charge',
        amount: session['amount_total'],
        amount_captured: session['amount_total'],
        amount_refunded: 0,
        currency: session['currency'],
        paid: true,
        refunded: false,
        status: 'succeeded',
        payment_intent: paymentIntent,
        description: session['_lineName'] ?? null,
        metadata: session['metadata'],
        created: now(),
        livemode: false,
        _account: account,
        _session: sessionId
      }
      charges.set(charge.id, charge)
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent })
      return signEvent('checkout.session.completed', publicView(session), { account })
    },
    refund(paymentIntentId, amountCents) {
      const charge = chargeOf(paymentIntentId)
      const refunded =
        (charge['amount_refunded'] as number) + (amountCents ?? (charge['amount'] as number) - (charge['amount_refunded'] as number))
      Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge['amount'] })
      return signEvent('charge.refunded', publicView(charge), { account: charge._account })
    },
    dispute(paymentIntentId) {
      const charge = chargeOf(paymentIntentId)
      const dispute = {
        id: newId('dp'),
        object: 'dispute',
        // What the client still paid: a refunded part cannot be disputed.
        amount: (charge['amount'] as number) - (charge['amount_refunded'] as number),
        currency: charge['currency'],
        charge: charge.id,
        payment_intent: paymentIntentId,
        reason: 'fraudulent',
        status: 'needs_response',
        balance_transactions: [] as Array<Record<string, unknown>>,
        created: now(),
        livemode: false,
        _account: charge._account
      }
      disputes.set(dispute.id, dispute)
      return signEvent('charge.dispute.created', publicView(dispute), { account: charge._account })
    },
    disputeFunds(disputeId, movement) {
      const dispute = disputeOf(disputeId)
      // Stripe lists one balance transaction per movement: the amount (negative when withdrawn) and its fee.
      const amount = dispute['amount'] as number
      const transactions = dispute['balance_transactions'] as Array<Record<string, unknown>>
      transactions.push({
        id: newId('txn'),
        object: 'balance_transaction',
        amount: movement === 'withdrawn' ? -amount : amount,
        fee: movement === 'withdrawn' ? 1500 : -1500,
        type: 'adjustment',
        reporting_category: movement === 'withdrawn' ? 'dispute' : 'dispute_reversal'
      })
      if (movement === 'reinstated') dispute['status'] = 'won'
      return signEvent(`charge.dispute.funds_${movement}`, publicView(dispute), { account: dispute._account })
    },
    closeDispute(disputeId, status) {
      const dispute = disputeOf(disputeId)
      dispute['status'] = status
      return signEvent('charge.dispute.closed', publicView(dispute), { account: dispute._account })
    },
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
