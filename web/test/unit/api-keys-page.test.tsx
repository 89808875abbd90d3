// The « Clés d’API » page itself, in a DOM against the real gateway: a nameless key is refused on
// its field, a created key shows its secret once and appears in the list (read-only when asked),
// a revocation waits for its confirmation; without the plan, the upgrade is offered instead.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, within } from '@testing-library/dom'
import { Component as ApiKeysPage } from '@/features/api-keys/routes/api-keys'
import { press, renderPage, startGateway, textOf, typeInto } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

t.test('creating a read-only key, seeing its secret once, revoking it after confirming', async (t) => {
  const owner = await gateway.owner('entreprise')
  t.teardown(renderPage(<ApiKeysPage />, { api: owner.api, userId: owner.id }))
  await screen.findByText('Aucune clé pour l’instant.')

  await press('Créer la clé')
  t.ok(await screen.findByText('Donnez un nom à la clé (le logiciel qui l’utilisera, par exemple).'))
  t.equal(document.activeElement, screen.getByLabelText('Nom de la clé'), 'the field takes the focus')
  typeInto('Nom de la clé', ' ERP ')
  fireEvent.click(screen.getByLabelText(/^Écriture/))
  await press('Créer la clé')
  const secret = await screen.findByText(/^paraphe_/)
  t.ok(secret, 'the secret is shown once created')
  const list = await screen.findByRole('region', { name: 'Clés de l’entreprise' })
  await within(list).findByText(/ERP/)
  t.match(textOf(list), /lecture seule|lecture/i, 'the key is read-only as asked')
  t.equal(screen.getByLabelText<HTMLInputElement>('Nom de la clé').value, '', 'the name is emptied')

  await press('Révoquer la clé ERP')
  await press('Annuler')
  await press('Révoquer la clé ERP')
  await press('Confirmer la révocation de « ERP »')
  t.ok(await screen.findByText('La clé « ERP » est révoquée : elle est refusée dès la prochaine requête.'))
  await within(list).findByText(/révoquée le/)
})

t.test('without the plan that includes the API, the page offers it; a refused creation is said', async (t) => {
  const owner = await gateway.owner()
  t.teardown(renderPage(<ApiKeysPage />, { api: owner.api, userId: owner.id }))
  t.match(textOf(await screen.findByText(/L’accès à l’API est inclus dans la formule/)), /formule \S+/)
  t.equal(screen.queryByLabelText('Nom de la clé'), null, 'no form to create a key')
})
