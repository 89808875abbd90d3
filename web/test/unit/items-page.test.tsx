// The « Articles » page itself, in a DOM against the real gateway: a professional types an item
// and saves it, is told what is missing, searches, edits, deletes after confirming, imports a CSV
// (with its refused rows listed) and exports; a refused session shows « Réessayer ».
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor, within } from '@testing-library/dom'
import { createApiClient } from '@/lib/api-client'
import { Component as ItemsPage } from '@/features/items/routes/items'
import { renderPage, startGateway, textOf, typeInto, untilText } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

const type = typeInto

t.test('saving, finding, editing and deleting an item', async (t) => {
  const user = await gateway.signedIn()
  t.teardown(renderPage(<ItemsPage />, { api: user.api, userId: user.id }))
  await screen.findByText(/Aucun article pour l’instant/)

  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’article' }))
  t.match(
    textOf(await screen.findByText('Indiquez la désignation de l’article.')),
    'Indiquez',
    'an empty designation is explained on its field'
  )

  type('Désignation', 'Pose de faïence')
  type('Unité', 'm²')
  type('Prix unitaire HT', '65,00')
  type('TVA', '1000')
  type(/Catégorie/, 'Carrelage')
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’article' }))
  t.ok(await screen.findByText('« Pose de faïence » est enregistré dans vos articles.'))
  t.match(textOf(await screen.findByText('1 article')), '1 article', 'the list shows the new item')
  t.match(textOf(document.querySelector('.items-list')), /Pose de faïence.*Carrelage.*65,00 € HT \/ m² · TVA 10 %/)
  t.equal(screen.getByLabelText<HTMLTextAreaElement>('Désignation').value, '', 'the form is emptied for the next one')

  await gateway.app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { designation: 'Main-d’œuvre', unit: 'h', unitPriceCents: 5_500, vatRateBp: 2000, category: '' }
  })
  fireEvent.change(screen.getByLabelText('Rechercher'), { target: { value: 'œuvre' } })
  await untilText('Main-d’œuvre')
  t.notOk(textOf(document.querySelector('.items-list')).includes('Pose de faïence'), 'the search keeps the matching item only')
  fireEvent.change(screen.getByLabelText('Rechercher'), { target: { value: 'zzz' } })
  t.ok(await screen.findByText('Aucun article ne correspond à cette recherche.'))
  fireEvent.change(screen.getByLabelText('Rechercher'), { target: { value: '' } })
  await screen.findByText('2 articles')

  fireEvent.click(screen.getByRole('button', { name: 'Modifier Pose de faïence' }))
  const editForm = (await screen.findByRole('button', { name: 'Enregistrer les modifications' })).closest('form') as HTMLFormElement
  type('Prix unitaire HT', 'douze', editForm)
  fireEvent.click(within(editForm).getByRole('button', { name: 'Enregistrer les modifications' }))
  t.ok(await within(editForm).findByText(/Le montant doit être un nombre/), 'a wrong price is explained in the edit form')
  type('Prix unitaire HT', '70', editForm)
  fireEvent.click(within(editForm).getByRole('button', { name: 'Enregistrer les modifications' }))
  t.ok(await screen.findByText('Article modifié.'))
  await untilText('70,00 € HT / m²')
  fireEvent.click(screen.getByRole('button', { name: 'Modifier Main-d’œuvre' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Annuler' }))
  await untilText('Enregistrer les modifications', true)
  t.pass('« Annuler » closes the edit form')

  fireEvent.click(screen.getByRole('button', { name: 'Supprimer Main-d’œuvre' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Annuler' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Supprimer Main-d’œuvre' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Confirmer la suppression' }))
  t.ok(await screen.findByText('« Main-d’œuvre » est supprimé de vos articles.'))
  await screen.findByText('1 article')
})

t.test('importing a CSV file, with its refused rows, and exporting', async (t) => {
  const user = await gateway.signedIn()
  t.teardown(renderPage(<ItemsPage />, { api: user.api, userId: user.id }))
  await screen.findByText(/Aucun article pour l’instant/)
  const input = document.querySelector('input[type="file"]') as HTMLInputElement
  const pick = (text: string) => fireEvent.change(input, { target: { files: [new File([text], 'articles.csv', { type: 'text/csv' })] } })

  pick('Désignation;Unité;Prix unitaire HT;TVA;Catégorie\r\nPlinthes;ml;9;20;Menuiserie\r\n')
  t.ok(await screen.findByText('Import terminé : 1 article ajouté, 0 mis à jour.'))
  await screen.findByText('1 article')

  pick('Désignation;Unité;Prix unitaire HT;TVA;Catégorie\r\n;u;douze;20;\r\n')
  const problems = await screen.findByRole('list', { name: 'Lignes à corriger' })
  t.match(textOf(problems), /Ligne 2/, 'the refused row is named')
  t.ok(screen.getByRole('alert'), 'the refusal is announced')

  const clicked: string[] = []
  // The download link the page clicks; the test stops the navigation a browser would turn into a download.
  const download = (event: Event) => {
    if (event.target instanceof HTMLAnchorElement && event.target.download !== '') {
      clicked.push(event.target.download)
      event.preventDefault()
    }
  }
  document.addEventListener('click', download)
  t.teardown(() => document.removeEventListener('click', download))
  fireEvent.click(screen.getByRole('button', { name: /Exporter/ }))
  await waitFor(() => {
    if (clicked.length === 0) throw new Error('not yet')
  })
  t.same(clicked, ['articles.csv'], 'the export is handed to the browser as articles.csv')
})

t.test('a refused session: the list says why and offers « Réessayer »; an export refused too', async (t) => {
  const api = createApiClient({ getAccessToken: async () => 'pas-un-jeton', fetch: gateway.fetch })
  t.teardown(renderPage(<ItemsPage />, { api }))
  const alert = await screen.findByRole('alert')
  t.match(textOf(alert), /[a-zé]/)
  fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }))
  await screen.findByRole('button', { name: 'Réessayer' })
  fireEvent.click(screen.getByRole('button', { name: /Exporter/ }))
  await waitFor(() => {
    if (screen.getAllByRole('alert').length < 2) throw new Error('not yet')
  })
  t.equal(screen.getAllByRole('alert').length, 2, 'the refused export is said next to the list’s failure')
})
