// The « Webhooks » page's views in Node, as the prerender renders them: the new endpoint's form
// (its refusals), the plan that has webhooks on the others, the secret shown once with its copy
// states, the endpoints with their confirmed deletion and open log, and the delivery log's rows.
// The flows run in Chromium (web/test/browser/webhooks.test.ts).
import t from 'tap'
import { createRef, isValidElement, type ReactElement, type ReactNode } from 'react'
import type { WebhookDelivery, WebhookEndpoint } from '@/features/webhooks/api/webhooks-api'
import { CreatedEndpointNotice } from '@/features/webhooks/components/created-endpoint-notice'
import { DeliveriesLog } from '@/features/webhooks/components/deliveries-log'
import { EndpointsListCard, type EndpointsListCardProps } from '@/features/webhooks/components/endpoints-list-card'
import { NewEndpointCard, type NewEndpointCardProps } from '@/features/webhooks/components/new-endpoint-card'
import { WebhooksPageView, type WebhooksPageViewProps } from '@/features/webhooks/components/webhooks-page-view'
import { ApiError } from '@/lib/api-client'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const render = (node: ReactNode) => serverRender(node)

function form(overrides: Partial<NewEndpointCardProps> = {}): string {
  return render(
    <NewEndpointCard
      included
      url=""
      events={['quote.sent', 'quote.signed']}
      problems={{}}
      urlRef={createRef<HTMLInputElement>()}
      working={false}
      onUrlChange={noop}
      onEventToggle={noop}
      onSubmit={noop}
      {...overrides}
    />
  )
}

const erp: WebhookEndpoint = {
  id: 'e1',
  url: 'https://erp.exemple.fr/paraphe',
  events: ['quote.signed', 'quote.declined'],
  secretPrefix: 'whsec_Ab12Cd',
  createdAt: '2026-11-20T08:00:00Z'
}
const delivered: WebhookDelivery = {
  id: '7',
  eventId: 'evt_0123',
  eventType: 'quote.signed',
  status: 'delivered',
  attempts: 3,
  lastStatusCode: 200,
  lastError: null,
  lastAttemptAt: '2026-11-24T17:30:00Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-24T17:30:01Z',
  createdAt: '2026-11-24T17:00:00Z'
}
const failed: WebhookDelivery = {
  ...delivered,
  id: '8',
  eventId: 'evt_4567',
  eventType: 'quote.declined',
  status: 'failed',
  lastStatusCode: null,
  lastError: 'Pas de réponse en 10 s.',
  deliveredAt: null
}
const pending: WebhookDelivery = { ...failed, id: '9', status: 'pending', lastError: null, lastAttemptAt: null, attempts: 0 }

t.test('a new endpoint: its URL and events, refusals next to their field; other plans see Entreprise', async (t) => {
  const html = form()
  t.match(html, /<label for="webhook-url">Adresse \(URL\) de votre serveur<\/label>/)
  t.match(html, /<legend class="choice-group__legend">Événements envoyés<\/legend>/)
  for (const type of ['quote.sent', 'quote.viewed', 'quote.signed', 'quote.declined', 'quote.expired'])
    t.match(html, new RegExp(`id="webhook-event-${type.replace('.', '\\.')}"`))
  t.match(html, /id="webhook-event-quote\.sent" type="checkbox" checked=""/)
  t.notMatch(html, /id="webhook-event-quote\.viewed" type="checkbox" checked=""/, 'only the chosen ones are ticked')
  t.match(html, /Devis refusé par le client \(avec le motif\)/)
  t.notMatch(html, /aria-invalid/)
  const refused = form({
    problems: { url: 'L’adresse doit utiliser https://.', events: 'Choisissez au moins un événement.' },
    working: true
  })
  t.match(refused, /aria-invalid="true" aria-describedby="webhook-url-hint webhook-url-error"/)
  t.match(refused, /<p class="field__error" id="webhook-url-error">L’adresse doit utiliser https:\/\/\.<\/p>/)
  t.match(refused, /aria-describedby="webhook-events-error"/)
  t.match(refused, /Choisissez au moins un événement\./)
  t.match(refused, /disabled="">Ajouter l’adresse/)
  const other = form({ included: false })
  t.match(other, /Nouvelle adresse <span class="badge badge--plan">Entreprise<\/span>/)
  t.match(other, /Les webhooks sont inclus dans la formule Entreprise, avec l’API\./)
  t.match(other, /href="\/tarifs"/)
  t.notMatch(other, /webhook-url/, 'no form without the plan')
})

t.test('the secret is shown once, with its copy button and what the copy did', async (t) => {
  const created = { endpoint: erp, secret: 'whsec_Ab12CdSecret' }
  const idle = render(<CreatedEndpointNotice created={created} copy="idle" onCopy={noop} />)
  t.match(idle, /copiez-le maintenant, il ne sera plus jamais affiché/)
  t.match(idle, /value="whsec_Ab12CdSecret"/)
  t.match(idle, />Copier le secret<\/button>/)
  t.match(idle, /<p role="status"><\/p>/)
  t.match(render(<CreatedEndpointNotice created={created} copy="copied" onCopy={noop} />), /<p role="status">Secret copié\.<\/p>/)
  t.match(
    render(<CreatedEndpointNotice created={created} copy="manual" onCopy={noop} />),
    /Le secret est sélectionné : copiez-le avec Ctrl\+C/
  )
})

function list(overrides: Partial<EndpointsListCardProps> = {}): string {
  return render(
    <EndpointsListCard
      endpoints={[erp]}
      deleting={null}
      openLog={null}
      log={null}
      working={false}
      onAskDelete={noop}
      onDelete={noop}
      onToggleLog={noop}
      {...overrides}
    />
  )
}

t.test('the endpoints: URL, events, prefix; deletion confirmed; the log opens under its endpoint', async (t) => {
  t.match(
    render(
      <EndpointsListCard
        endpoints={[]}
        deleting={null}
        openLog={null}
        log={null}
        working={false}
        onAskDelete={noop}
        onDelete={noop}
        onToggleLog={noop}
      />
    ),
    /Aucune adresse pour l’instant\./
  )
  const html = list()
  t.match(html, /https:\/\/erp\.exemple\.fr\/paraphe/)
  t.match(html, /<code>quote\.signed <\/code><code>quote\.declined <\/code>/)
  t.match(html, /secret <code>whsec_Ab12Cd…<\/code>/)
  t.match(html, /aria-expanded="false" aria-controls="webhook-log-e1">Journal des envois/)
  t.match(html, /aria-label="Supprimer l’adresse https:\/\/erp\.exemple\.fr\/paraphe">Supprimer/)
  t.match(html, /href="\/developpeurs\/api">la référence de l’API/)
  const confirming = list({ deleting: 'e1', openLog: 'e1', log: <p>Le journal</p> })
  t.match(confirming, />Confirmer la suppression<\/button>/)
  t.match(confirming, />Annuler<\/button>/)
  t.match(confirming, /aria-expanded="true"/)
  t.match(confirming, /<div id="webhook-log-e1" class="webhook-endpoint__log"><p>Le journal<\/p><\/div>/)
})

t.test('the delivery log: state, attempts, last answer, date; « Renvoyer » only for what was not received', async (t) => {
  t.match(
    render(<DeliveriesLog endpointUrl={erp.url} deliveries={[]} working={false} onRedeliver={noop} />),
    /Aucun événement envoyé à cette adresse/
  )
  const html = render(<DeliveriesLog endpointUrl={erp.url} deliveries={[pending, failed, delivered]} working={false} onRedeliver={noop} />)
  t.match(html, /role="region" aria-label="Journal des envois vers https:\/\/erp\.exemple\.fr\/paraphe" tabindex="0"/)
  t.match(
    html,
    /<th scope="col">Événement<\/th><th scope="col">État<\/th><th scope="col">Tentatives<\/th><th scope="col">Dernière réponse<\/th><th scope="col">Date<\/th>/
  )
  const rows = html.split('<tr>').slice(2)
  t.match(rows[0], /En attente.*<td>0<\/td><td>—<\/td>/)
  t.match(rows[1], /quote\.declined.*evt_4567.*Abandonné.*<td>3<\/td><td>Pas de réponse en 10 s\.<\/td>/)
  t.match(rows[1], /aria-label="Renvoyer quote\.declined evt_4567">Renvoyer/)
  t.match(rows[2], /quote\.signed.*Reçu.*<td>3<\/td><td>200<\/td>/)
  t.notMatch(rows[2], /Renvoyer/, 'an acknowledged event is not re-sent')
  t.match(
    render(<DeliveriesLog endpointUrl={erp.url} deliveries={[failed]} working onRedeliver={noop} />),
    /disabled="" aria-label="Renvoyer/
  )
})

type Host = ReactElement<Record<string, unknown>>

/** The host elements (div, input, button…) a view returns, without rendering its child components. */
function hosts(node: ReactNode): Host[] {
  const found: Host[] = []
  const visit = (child: unknown): void => {
    if (Array.isArray(child)) return child.forEach(visit)
    if (!isValidElement(child)) return
    const element = child as Host
    if (typeof element.type === 'string') found.push(element)
    visit(element.props.children)
  }
  visit(node)
  return found
}

function handler(elements: Host[], match: (props: Record<string, unknown>) => boolean, name: string): (...args: unknown[]) => unknown {
  const element = elements.find((each) => match(each.props))
  const value = element?.props[name]
  if (typeof value !== 'function') throw new Error(`no ${name} handler found`)
  return value as (...args: unknown[]) => unknown
}

t.test('what the controls hand to the page', async (t) => {
  const calls: unknown[][] = []
  const record =
    (label: string) =>
    (...args: unknown[]) =>
      void calls.push([label, ...args])
  const formTree = hosts(
    NewEndpointCard({
      included: true,
      url: '',
      events: ['quote.sent'],
      problems: {},
      urlRef: createRef<HTMLInputElement>(),
      working: false,
      onUrlChange: record('url'),
      onEventToggle: record('toggle'),
      onSubmit: record('submit')
    })
  )
  handler(formTree, (props) => props.id === 'webhook-url', 'onChange')({ target: { value: 'https://erp.exemple.fr/' } })
  handler(formTree, (props) => props.id === 'webhook-event-quote.signed', 'onChange')({ target: { checked: true } })
  handler(formTree, (props) => props.id === 'webhook-event-quote.sent', 'onChange')({ target: { checked: false } })
  handler(formTree, (props) => props.noValidate === true, 'onSubmit')('event')
  t.same(calls.splice(0), [
    ['url', 'https://erp.exemple.fr/'],
    ['toggle', 'quote.signed', true],
    ['toggle', 'quote.sent', false],
    ['submit', 'event']
  ])

  let selected = 0
  const noticeTree = hosts(CreatedEndpointNotice({ created: { endpoint: erp, secret: 'whsec_x' }, copy: 'idle', onCopy: record('copy') }))
  handler(noticeTree, (props) => props.id === 'webhook-secret', 'onFocus')({ target: { select: () => (selected += 1) } })
  handler(noticeTree, (props) => props.children === 'Copier le secret', 'onClick')()
  t.equal(selected, 1, 'focusing the secret selects it')
  t.same(calls.splice(0), [['copy']])

  const listProps = {
    endpoints: [erp],
    openLog: null,
    log: null,
    working: false,
    onAskDelete: record('ask'),
    onDelete: record('delete'),
    onToggleLog: record('log')
  }
  const idleList = hosts(EndpointsListCard({ ...listProps, deleting: null }))
  handler(idleList, (props) => props['aria-controls'] === 'webhook-log-e1', 'onClick')()
  handler(idleList, (props) => props.children === 'Supprimer', 'onClick')()
  const confirming = hosts(EndpointsListCard({ ...listProps, deleting: 'e1' }))
  handler(confirming, (props) => props.children === 'Confirmer la suppression', 'onClick')()
  handler(confirming, (props) => props.children === 'Annuler', 'onClick')()
  t.same(calls.splice(0), [
    ['log', 'e1'],
    ['ask', 'e1'],
    ['delete', erp],
    ['ask', null]
  ])

  const logTree = hosts(DeliveriesLog({ endpointUrl: erp.url, deliveries: [failed], working: false, onRedeliver: record('redeliver') }))
  handler(logTree, (props) => props.children === 'Renvoyer', 'onClick')()
  t.same(calls.splice(0), [['redeliver', failed]])
})

t.test('the whole page in each state: loading, failed, ready with the secret and an open log', async (t) => {
  const base: WebhooksPageViewProps = {
    load: { kind: 'loading' },
    onReload: noop,
    status: null,
    created: null,
    copy: 'idle',
    onCopy: noop,
    form: {
      url: '',
      events: ['quote.sent'],
      problems: {},
      urlRef: createRef<HTMLInputElement>(),
      working: false,
      onUrlChange: noop,
      onEventToggle: noop,
      onSubmit: noop
    },
    list: { deleting: null, openLog: null, working: false, onAskDelete: noop, onDelete: noop, onToggleLog: noop },
    log: { kind: 'loading' },
    onRetryLog: noop,
    onRedeliver: noop
  }
  const page = (overrides: Partial<WebhooksPageViewProps>) => render(<WebhooksPageView {...base} {...overrides} />)
  const loading = page({})
  t.match(loading, /<h1>Webhooks<\/h1>/)
  t.match(loading, /Chargement…/)
  t.notMatch(loading, /webhook-url/)
  t.match(page({ load: { kind: 'failed', error: new ApiError(0, 'network', 'Le serveur ne répond pas.') } }), /Le serveur ne répond pas\./)
  const ready = { kind: 'ready' as const, data: { endpoints: [erp], webhooksIncluded: true } }
  const created = page({ load: ready, created: { endpoint: erp, secret: 'whsec_nouveau' }, status: { kind: 'done', text: 'Fait.' } })
  t.match(created, /value="whsec_nouveau"/)
  t.match(created, /id="webhook-url"/)
  t.match(created, /https:\/\/erp\.exemple\.fr\/paraphe/)
  const open = (log: WebhooksPageViewProps['log']) => page({ load: ready, list: { ...base.list, openLog: 'e1' }, log })
  t.match(open({ kind: 'loading' }), /id="webhook-log-e1" class="webhook-endpoint__log">.*Chargement…/s)
  t.match(
    open({ kind: 'failed', error: new ApiError(404, 'not_found', 'Cette adresse de webhooks est introuvable.') }),
    /id="webhook-log-e1".*Cette adresse de webhooks est introuvable\./s
  )
  t.match(open({ kind: 'ready', data: [failed] }), /aria-label="Journal des envois vers https:\/\/erp\.exemple\.fr\/paraphe"/)
  t.match(
    page({ load: { kind: 'ready', data: { endpoints: [], webhooksIncluded: false } } }),
    /Les webhooks sont inclus dans la formule Entreprise/
  )
})
