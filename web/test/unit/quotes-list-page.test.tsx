// « Mon espace », the quotes list itself, in a DOM against the real gateway: a first visit invites
// to the first quote and to complete the profile; with more quotes than a page, « Afficher plus »
// adds the next ones; a search or a status that matches nothing says so and « Afficher tous les
// devis » clears it; a deleted draft's notice can be hidden; an expired session is said.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen } from '@testing-library/dom'
import { parisIsoDate } from '@paraphe/shared/dates'
import { paths } from '@paraphe/shared/paths'
import { QUOTE_LIST_PAGE_SIZE } from '@paraphe/shared/api/quote-schemas'
import { completeContent } from '../../../gateway/test/support/workspace-users.js'
import { createApiClient } from '@/lib/api-client'
import { Component as QuotesPage } from '@/features/quotes/routes/quotes-list'
import { press, renderPage, startGateway, textOf, typeInto, untilText, waitForLocation } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
const home = paths.account.href()

t.test('a first visit: no quote yet, the profile to complete', async (t) => {
  const user = await gateway.signedIn()
  t.teardown(renderPage(<QuotesPage />, { api: user.api, userId: user.id, at: home }))
  t.ok(await screen.findByText('Vous n’avez pas encore de devis.'))
  t.ok(await screen.findByRole('link', { name: 'Compléter mon profil' }), 'the missing mentions are pointed to')
  t.ok(screen.getByRole('link', { name: 'Créer mon premier devis' }))
})

t.test('more quotes than a page, a search and a status that match nothing', async (t) => {
  const owner = await gateway.owner('entreprise')
  const today = parisIsoDate(new Date())
  for (let index = 0; index <= QUOTE_LIST_PAGE_SIZE; index += 1) {
    await owner.request('POST', '/api/quotes', { content: { ...completeContent(today), title: `Chantier ${index + 1}` } })
  }
  t.teardown(renderPage(<QuotesPage />, { api: owner.api, userId: owner.id, at: home }))
  t.ok(await screen.findByText(`${QUOTE_LIST_PAGE_SIZE} devis affichés sur ${QUOTE_LIST_PAGE_SIZE + 1}`))
  await press('Afficher plus de devis')
  await untilText('devis affichés sur', true)
  t.equal(document.querySelectorAll('.quote-card').length, QUOTE_LIST_PAGE_SIZE + 1, 'the next page is added under the first')

  typeInto('Rechercher', 'introuvable')
  await press('Rechercher')
  t.ok(await screen.findByText('Aucun devis ne correspond à cette recherche.'))
  await waitForLocation(/q=introuvable/)
  await press('Afficher tous les devis')
  await waitForLocation(home)
  await untilText('Aucun devis ne correspond', true)

  fireEvent.change(await screen.findByLabelText('Statut'), { target: { value: 'signed' } })
  await waitForLocation(/status=signed/)
  t.ok(await screen.findByText('Aucun devis ne correspond à cette recherche.'), 'no signed quote yet')
  t.equal(screen.getByLabelText<HTMLSelectElement>('Statut').value, 'signed')
})

t.test('a deleted draft’s notice can be hidden; an expired session is said', async (t) => {
  const user = await gateway.signedIn()
  const unmount = renderPage(<QuotesPage />, { api: user.api, userId: user.id, at: { pathname: home, state: { notice: 'quote-deleted' } } })
  t.ok(await screen.findByText(/Le brouillon a été supprimé\./))
  await press('Masquer')
  await untilText('Le brouillon a été supprimé.', true)
  unmount()

  const api = createApiClient({ getAccessToken: async () => 'pas-un-jeton', fetch: gateway.fetch })
  t.teardown(renderPage(<QuotesPage />, { api, at: home }))
  t.match(textOf(await screen.findByRole('alert')), 'Votre session a expiré : reconnectez-vous pour voir vos devis.')
})
