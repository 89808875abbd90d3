// A quote's page (/espace/devis/:id, « Nouveau devis ») in a DOM against the real gateway: a new
// draft stored at the first input and given its address without leaving the editor; a quote that
// does not exist, a failed load tried again; « Dupliquer » and its notice; saved clients and
// items offered as they are typed; a removed line brought back; the free plan's quota wall.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor, within } from '@testing-library/dom'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { Component as QuotePage } from '@/features/quotes/routes/quote-editor'
import { createApiClient, type ApiClient } from '@/lib/api-client'
import { quoteContent } from '../../../gateway/test/support/quote-content.js'
import {
  currentLocation,
  press,
  renderPage,
  startGateway,
  textOf,
  typeInto,
  untilText,
  waitForLocation,
  type SignedIn
} from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
const ROUTES = ['/espace/devis/nouveau', '/espace/devis/:id']

const open = (owner: SignedIn, at: string | { pathname: string; state: unknown }, api: ApiClient = owner.api) =>
  renderPage(<QuotePage />, { api, userId: owner.id, at, route: ROUTES })
async function draft(owner: SignedIn): Promise<Quote> {
  const response = await owner.request('POST', '/api/quotes', { content: quoteContent({ issueDate: parisIsoDate(new Date()) }) })
  return response.json<{ quote: Quote }>().quote
}

t.test('a new quote: prepared, stored at the first input, then at its own address in the same editor', async (t) => {
  const owner = await gateway.owner('pro')
  t.teardown(open(owner, '/espace/devis/nouveau'))
  await screen.findByLabelText('Nom du client')
  typeInto('Nom du client', 'Paul Girard')
  await waitForLocation(/^\/espace\/devis\/[0-9a-f-]{36}$/)
  const id = currentLocation().split('/').at(-1) ?? ''
  t.equal(screen.getByLabelText<HTMLInputElement>('Nom du client').value, 'Paul Girard', 'the same editor, what was typed kept')
  const stored = (await owner.request('GET', `/api/quotes/${id}`)).json<{ quote: Quote }>().quote
  t.equal(stored.client.name, 'Paul Girard', 'stored at the gateway')
})

t.test('a quote that does not exist; a failed load tried again', async (t) => {
  const owner = await gateway.owner('pro')
  const missing = open(owner, '/espace/devis/00000000-0000-4000-8000-000000000000')
  await untilText('Ce devis n’existe pas, ou il appartient à un autre compte.')
  t.equal(screen.getByRole('link', { name: 'Retour à mes devis' }).getAttribute('href'), '/espace')
  missing()

  const quote = await draft(owner)
  let failures = 1
  const flaky = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => {
      if (failures > 0) {
        failures -= 1
        return Promise.reject(new TypeError('fetch failed'))
      }
      return gateway.fetch(input, init)
    }
  })
  t.teardown(open(owner, `/espace/devis/${quote.id}`, flaky))
  t.match(textOf(await screen.findByRole('alert')), /connexion|réseau|joindre/i)
  await press('Réessayer')
  await screen.findByRole('heading', { level: 1, name: 'Brouillon de devis' })
  t.equal(screen.getByLabelText<HTMLInputElement>('Titre du devis').value, 'Rénovation de la salle de bains', 'loaded the second time')
})

t.test('« Dupliquer » opens the copy, said once', async (t) => {
  const owner = await gateway.owner('pro')
  const quote = await draft(owner)
  t.teardown(open(owner, `/espace/devis/${quote.id}`))
  await screen.findByRole('heading', { level: 1, name: 'Brouillon de devis' })
  await press('Dupliquer')
  await waitFor(() => {
    if (currentLocation() === `/espace/devis/${quote.id}`) throw new Error('not moved yet')
  })
  await untilText('Copie créée : vous modifiez maintenant la copie, en brouillon.')
  t.match(currentLocation(), /^\/espace\/devis\/[0-9a-f-]{36}$/)
  t.equal(screen.getByLabelText<HTMLInputElement>('Titre du devis').value, 'Rénovation de la salle de bains', 'the copy’s content')
})

t.test('saved clients and items offered as they are typed; a removed line brought back', async (t) => {
  const owner = await gateway.owner('pro')
  await owner.request('POST', '/api/clients', {
    kind: 'individual',
    name: 'Paul Girard',
    company: '',
    email: 'paul.girard@example.org',
    phone: '',
    address: '4 rue des Lilas\n69007 Lyon',
    siteAddress: '',
    siret: '',
    notes: ''
  })
  await owner.request('POST', '/api/items', {
    designation: 'Chauffe-eau 200 L',
    unit: 'u',
    unitPriceCents: 89_000,
    vatRateBp: 1000,
    category: ''
  })
  const quote = await draft(owner)
  t.teardown(open(owner, `/espace/devis/${quote.id}`))
  await screen.findByRole('heading', { level: 1, name: 'Brouillon de devis' })

  typeInto('Choisir un client enregistré', 'Gir')
  const clients = await screen.findByRole('list', { name: 'Clients enregistrés' })
  t.match(textOf(clients), /Paul Girard/)
  typeInto('Choisir un client enregistré', '')
  await waitFor(() => {
    if (screen.queryByRole('list', { name: 'Clients enregistrés' }) !== null) throw new Error('still offered')
  })

  const designation = () => screen.getAllByLabelText<HTMLTextAreaElement>('Désignation')[0] as HTMLTextAreaElement
  fireEvent.focus(designation())
  fireEvent.change(designation(), { target: { value: 'Chauffe' } })
  const items = await screen.findByRole('list', { name: 'Articles enregistrés pour la ligne 1' })
  t.match(textOf(items), /Chauffe-eau 200 L/)

  await press('Supprimer la ligne 2')
  const banner = (await screen.findByText(/^Ligne 2 supprimée$/)).closest<HTMLElement>('.undo-removal') ?? document.body
  t.equal(screen.getAllByLabelText('Désignation').length, 2)
  await press('Annuler', banner)
  await waitFor(() => {
    if (screen.getAllByLabelText('Désignation').length !== 3) throw new Error('not back yet')
  })
  t.equal(
    (screen.getAllByLabelText<HTMLTextAreaElement>('Désignation')[1] as HTMLTextAreaElement).value,
    'Main-d’œuvre plomberie',
    'back in its place'
  )
  t.equal(within(banner).queryByRole('button'), null, 'the banner gone')
})

t.test('a failed search offers nothing: the client and the line are typed by hand', async (t) => {
  const owner = await gateway.owner('pro')
  const quote = await draft(owner)
  const searched: string[] = []
  const noSearch = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => {
      const url = String(input)
      if (!/^\/api\/(clients|items)\?q=/.test(url)) return gateway.fetch(input, init)
      searched.push(url.replace(/\?.*$/, ''))
      return Promise.reject(new TypeError('fetch failed'))
    }
  })
  t.teardown(open(owner, `/espace/devis/${quote.id}`, noSearch))
  await screen.findByRole('heading', { level: 1, name: 'Brouillon de devis' })
  typeInto('Choisir un client enregistré', 'Gir')
  fireEvent.change(screen.getAllByLabelText('Désignation')[0] as HTMLElement, { target: { value: 'Chauffe' } })
  await waitFor(() => {
    if (searched.length < 2) throw new Error('not searched yet')
  })
  t.same([...searched].sort(), ['/api/clients', '/api/items'])
  t.equal(screen.queryByRole('list', { name: 'Clients enregistrés' }), null, 'no list')
  t.equal(screen.queryByRole('list', { name: 'Articles enregistrés pour la ligne 1' }), null)
  t.equal(screen.queryByRole('alert'), null, 'and no error: typing goes on')
})

t.test('the free plan’s quota used up: « Envoyer le devis » opens the upgrade card', async (t) => {
  const owner = await gateway.owner()
  for (let count = 0; count < 3; count += 1) {
    const sent = await owner.request('POST', `/api/quotes/${(await draft(owner)).id}/send`)
    t.equal(sent.statusCode, 200, `quote ${count + 1} of the month sent`)
  }
  const fourth = await draft(owner)
  t.teardown(open(owner, `/espace/devis/${fourth.id}`))
  // The month's count is read beside the quote: the wall stands once it is known.
  await untilText('3 devis envoyés sur 3 ce mois-ci')
  await press('Envoyer le devis')
  const card = await screen.findByRole('group', { name: /Quota du mois atteint/ })
  t.match(textOf(card), /permet d’envoyer 3 devis par mois, et vous les avez envoyés/)
  t.ok(within(card).getByRole('link', { name: /^Passer à la formule / }))
  await press('Fermer', card)
  await waitFor(() => {
    if (screen.queryByRole('group', { name: /Quota du mois atteint/ }) !== null) throw new Error('still open')
  })
  t.ok(screen.getByRole('button', { name: 'Envoyer le devis' }), 'the draft stays as it is')
})
