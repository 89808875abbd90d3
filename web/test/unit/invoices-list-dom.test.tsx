// « Factures », the invoice list, in a DOM against the real gateway: the empty list says where an
// invoice comes from, the invoices counted, the status filter put in the URL the French way
// (`?statut=brouillon`) and read from it, an empty filtered list named, and a failed reading
// offered again; a hundred a page, the next ones by « Factures suivantes » (`&apres=`, the list's cursor).
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { Component as InvoicesPage } from '@/features/invoices/routes/invoices-list'
import { createApiClient } from '@/lib/api-client'
import { press, renderPage, startGateway, textOf, untilText, waitForLocation, type SignedIn } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

async function draft(owner: SignedIn, index: number): Promise<void> {
  const created = await owner.request('POST', '/api/invoices', {
    request: {
      kind: 'standard',
      client: { kind: 'individual', name: `Client ${index}`, address: '3 rue des Lilas\n69003 Lyon' },
      lines: [{ description: `Dépannage ${index}`, quantityMilli: 1000, unitPriceCents: 9_000, vatRateBp: 1000 }]
    }
  })
  if (created.statusCode !== 201) throw new Error(created.body)
}

t.test('empty, then counted, filtered through the URL', async (t) => {
  const owner = await gateway.owner()
  let unmount = renderPage(<InvoicesPage />, { api: owner.api, userId: owner.id, at: '/espace/factures' })
  t.equal(textOf(await screen.findByText('Aucune facture pour l’instant.')), 'Aucune facture pour l’instant.')
  t.ok(screen.getByRole('link', { name: 'vos devis' }), 'where an invoice comes from')
  t.ok(screen.getByRole('link', { name: 'Nouvelle facture' }))
  t.ok(screen.getByText('Exporter pour le comptable'), 'the accountant’s export is on the page')
  unmount()

  await draft(owner, 1)
  await draft(owner, 2)
  unmount = renderPage(<InvoicesPage />, { api: owner.api, userId: owner.id, at: '/espace/factures' })
  t.equal(textOf(await screen.findByRole('heading', { name: /factures?$/ })), '2 factures')
  t.match(textOf(), 'Client 1')

  const status = screen.getByLabelText<HTMLSelectElement>('Statut')
  fireEvent.change(status, { target: { value: 'paid' } })
  await waitForLocation('/espace/factures?statut=payee')
  await screen.findByText('Aucune facture « Payée ».')
  t.equal(screen.queryByRole('link', { name: 'vos devis' }), null, 'the hint is for an empty list only')

  fireEvent.change(status, { target: { value: 'draft' } })
  await waitForLocation('/espace/factures?statut=brouillon')
  t.equal(textOf(await screen.findByRole('heading', { name: /« Brouillon »$/ })), '2 factures « Brouillon »')
  fireEvent.change(status, { target: { value: '' } })
  await waitForLocation('/espace/factures')
  await screen.findByRole('heading', { name: '2 factures' })
  unmount()

  // Opened from the dashboard's link: the filter comes from the URL.
  unmount = renderPage(<InvoicesPage />, { api: owner.api, userId: owner.id, at: '/espace/factures?statut=en-retard' })
  await screen.findByText('Aucune facture « En retard ».')
  t.equal(screen.getByLabelText<HTMLSelectElement>('Statut').value, 'overdue')
  unmount()
})

t.test('one invoice, and a reading that failed offered again', async (t) => {
  const owner = await gateway.owner()
  await draft(owner, 3)
  let reachable = false
  const api = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => (reachable ? gateway.fetch(input, init) : Promise.reject(new TypeError('fetch failed')))
  })
  t.teardown(renderPage(<InvoicesPage />, { api, userId: owner.id, at: '/espace/factures' }))
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.')
  reachable = true
  await press('Réessayer')
  t.equal(textOf(await screen.findByRole('heading', { name: '1 facture' })), '1 facture', 'one, in the singular')
})

t.test('a hundred a page: « Factures suivantes » goes on after the last one shown, and back to the newest', async (t) => {
  const owner = await gateway.owner()
  for (let index = 0; index < 101; index += 1) await draft(owner, 100 + index)
  t.teardown(renderPage(<InvoicesPage />, { api: owner.api, userId: owner.id, at: '/espace/factures' }))
  t.equal(textOf(await screen.findByRole('heading', { name: /factures$/ })), '101 factures')
  t.match(textOf(), 'Client 200', 'the newest first')
  t.notMatch(textOf(), 'Client 100', 'the oldest is on the next page')
  fireEvent.click(screen.getByRole('link', { name: 'Factures suivantes' }))
  await waitForLocation(/^\/espace\/factures\?apres=/)
  await untilText('Client 100')
  t.ok(screen.getByRole('link', { name: 'Revenir aux plus récentes' }), 'the next page holds the oldest, and the way back')
  t.equal(screen.queryByRole('link', { name: 'Factures suivantes' }), null, 'the last page has no next one')
  fireEvent.click(screen.getByRole('link', { name: 'Revenir aux plus récentes' }))
  await waitForLocation('/espace/factures')
  await screen.findByRole('link', { name: 'Factures suivantes' })
})

t.test('an invoice pointed at, and the next page reached, are read ahead: they open without « Chargement… »', async (t) => {
  const owner = await gateway.owner()
  for (let index = 0; index < 101; index += 1) await draft(owner, 300 + index)
  const answered: string[] = []
  const api = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: async (input, init) => {
      const response = await gateway.fetch(input, init)
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://gateway')
      answered.push(url.pathname + url.search)
      return response
    }
  })
  t.teardown(renderPage(<InvoicesPage />, { api, userId: owner.id, at: '/espace/factures' }))
  await screen.findByRole('heading', { name: '101 factures' })
  const reads = answered.length

  const card = screen.getAllByRole('link', { name: /^Facture \(brouillon\)/ })[0] as HTMLAnchorElement
  const invoicePath = new URL(card.href).pathname.replace('/espace/factures/', '/api/invoices/')
  // React hears « pointer enter » from the pointerover the browser sends.
  fireEvent.pointerOver(card)
  await waitFor(() => {
    if (!answered.includes(invoicePath)) throw new Error('not read yet')
  })
  t.pass('pointing at a card reads its invoice')

  const next = screen.getByRole('link', { name: 'Factures suivantes' })
  next.focus()
  await waitFor(() => {
    if (!answered.slice(reads).some((url) => url.startsWith('/api/invoices?') && url.includes('after='))) throw new Error('not read yet')
  })
  fireEvent.click(next)
  await waitForLocation(/^\/espace\/factures\?apres=/)
  t.match(textOf(), 'Client 300', 'the next page shows at once')
  t.equal(screen.queryByText('Chargement des factures…'), null, 'without its loading state')
})
