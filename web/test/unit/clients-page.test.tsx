// The saved clients pages themselves, in a DOM against the real gateway: a client without a name
// is refused, a company client is saved with its SIRET, found by a search, edited (a wrong e-mail
// explained in the edit form), deleted after confirming; a client's own page shows its details
// and quotes, an unknown one is refused in French.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, within } from '@testing-library/dom'
import { paths } from '@paraphe/shared/paths'
import { EMPTY_SAVED_CLIENT } from '@paraphe/shared/saved-clients'
import { clientsApi } from '@/lib/clients-api'
import { Component as ClientsPage } from '@/features/clients/routes/clients'
import { Component as ClientPage } from '@/features/clients/routes/client'
import { press, renderPage, startGateway, textOf, typeInto, untilText } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

t.test('saving, finding, editing and deleting a client', async (t) => {
  const user = await gateway.signedIn()
  t.teardown(renderPage(<ClientsPage />, { api: user.api, userId: user.id }))
  await screen.findByText(/Aucun client pour l’instant/)

  await press('Enregistrer le client')
  t.ok(await screen.findByText('Indiquez le nom du client.'), 'a nameless client is explained on its field')

  fireEvent.click(screen.getByLabelText('Professionnel'))
  typeInto('Société', 'Durand Plomberie')
  typeInto(/^Nom du contact/, 'Léa Durand')
  typeInto(/^E-mail/, 'lea@durand-plomberie.fr')
  typeInto(/^SIRET/, '732 829 320 00074')
  await press('Enregistrer le client')
  t.ok(await screen.findByText('« Durand Plomberie » est enregistré dans vos clients.'))
  await screen.findByText('Professionnel', { selector: '.badge' })

  await clientsApi.create(user.api, { ...EMPTY_SAVED_CLIENT, name: 'Élise Martin' })
  typeInto('Rechercher', 'élise')
  await untilText('Élise Martin')
  t.notOk(textOf(document.querySelector('.items-list')).includes('Durand Plomberie'), 'the search keeps the matching client')
  typeInto('Rechercher', 'zzz')
  t.ok(await screen.findByText('Aucun client ne correspond à cette recherche.'))
  typeInto('Rechercher', '')
  await untilText('Durand Plomberie')

  await press('Modifier Durand Plomberie')
  const editForm = (await screen.findByRole('button', { name: 'Enregistrer les modifications' })).closest('form') as HTMLFormElement
  typeInto(/^E-mail/, 'pas-une-adresse', editForm)
  await press('Enregistrer les modifications', editForm)
  t.ok(await within(editForm).findByText(/Cette adresse e-mail ne semble pas valide/), 'a wrong e-mail is explained in the edit form')
  typeInto(/^E-mail/, 'devis@durand-plomberie.fr', editForm)
  await press('Enregistrer les modifications', editForm)
  t.ok(await screen.findByText('Client modifié.'))
  await press('Modifier Élise Martin')
  await press('Annuler')
  await untilText('Enregistrer les modifications', true)

  await press('Supprimer Élise Martin')
  await press('Annuler')
  await press('Supprimer Élise Martin')
  await press(/^Confirmer la suppression/)
  t.ok(await screen.findByText('« Élise Martin » est supprimé de vos clients ; ses devis restent inchangés.'))
  t.ok(await screen.findByText('1 client'), 'one client left')
})

t.test('a client’s own page; an unknown client refused', async (t) => {
  const user = await gateway.signedIn()
  const saved = await clientsApi.create(user.api, { ...EMPTY_SAVED_CLIENT, name: 'Élise Martin', email: 'elise.martin@example.org' })
  const unmount = renderPage(<ClientPage />, { api: user.api, userId: user.id, at: paths.client.href(saved.id), route: paths.client.path })
  t.ok(await screen.findByRole('heading', { level: 1, name: 'Élise Martin' }))
  t.ok(screen.getByText(/Aucun devis pour l’instant/))
  t.match(textOf(), /elise\.martin@example\.org/)
  unmount()

  t.teardown(
    renderPage(<ClientPage />, {
      api: user.api,
      userId: user.id,
      at: paths.client.href('00000000-0000-4000-8000-000000000000'),
      route: paths.client.path
    })
  )
  const alert = await screen.findByRole('alert')
  t.match(textOf(alert), /[a-zé]/, 'said in French')
  t.ok(within(alert).getByRole('button', { name: 'Réessayer' }))
})
