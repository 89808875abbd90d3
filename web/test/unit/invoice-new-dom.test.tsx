// « Nouvelle facture » in a DOM against the real gateway: an empty form is refused field by field
// before anything is sent, the preview adds the lines up as they are typed, and a filled form
// becomes a draft without a number at the gateway, with the amounts typed. A saved business
// client picked (its SIREN from its SIRET), the reverse charge chosen, the draft reopened and
// saved in place; a network failure said; an issued invoice is not edited here.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen } from '@testing-library/dom'
import { Component as InvoiceNewPage } from '@/features/invoices/routes/invoice-new'
import { invoicesApi } from '@/lib/invoices-api'
import { createApiClient } from '@/lib/api-client'
import { currentLocation, press, renderPage, startGateway, textOf, typeInto, untilText, waitForLocation } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
const pause = () => new Promise((resolve) => setTimeout(resolve, 100))

t.test('an invoice without a quote: refused empty, previewed, then drafted', async (t) => {
  const owner = await gateway.owner()
  renderPage(<InvoiceNewPage />, { api: owner.api, userId: owner.id, at: '/espace/factures/nouvelle', route: '/espace/factures/nouvelle' })
  await screen.findByRole('heading', { level: 2, name: 'Facture sans devis' })
  await press('Préparer la facture')
  t.match(textOf(await screen.findByRole('alert')), /champs? (sont|est) à corriger/, 'an empty form refused before sending')

  typeInto('Nom du client', 'Paul Girard')
  typeInto('Adresse', '4 rue des Lilas\n69007 Lyon')
  typeInto('Désignation (ligne 1)', 'Remplacement d’un mitigeur')
  typeInto('Quantité', '2')
  typeInto('Prix unitaire HT (€)', '60')
  t.match(
    textOf(document.querySelector('.invoice-preview')),
    /Total HT 120,00 € · TVA 24,00 € · Total TTC 144,00 €/,
    'the preview adds up as typed'
  )
  await press('Ajouter une ligne')
  t.ok(await screen.findByLabelText('Désignation (ligne 2)'), 'a second line offered')
  await press('Préparer la facture')
  t.match(textOf(await screen.findByRole('alert')), /à corriger/, 'an empty second line is refused before sending')
  await press('Retirer la ligne 2')
  await press('Préparer la facture')
  const drafts = async () => (await invoicesApi.list(owner.api, {})).invoices
  // The page moves on once the gateway answered; on a busy machine that can take seconds.
  for (let tries = 0; tries < 300 && (await drafts()).length === 0; tries += 1) await pause()
  t.match(
    await drafts(),
    [{ kind: 'standard', status: 'draft', number: null, clientName: 'Paul Girard', totalTtcCents: 14_400 }],
    'a draft without a number, with the amounts typed'
  )
})

t.test('a saved business client, the reverse charge, the draft reopened and saved in place', async (t) => {
  const owner = await gateway.owner('pro')
  const saved = await owner.request('POST', '/api/clients', {
    kind: 'business',
    name: 'Jeanne Roux',
    company: 'SARL Bâtir Ensemble',
    email: 'compta@batir.example.org',
    phone: '',
    address: '8 quai Perrache\n69002 Lyon',
    siteAddress: '',
    siret: '732 829 320 00074',
    notes: ''
  })
  t.equal(saved.statusCode, 201, saved.body)
  const at = (search = '') => ({
    api: owner.api,
    userId: owner.id,
    at: `/espace/factures/nouvelle${search}`,
    route: '/espace/factures/nouvelle'
  })
  // The draft's request fails as a network failure would; the page's reads reach the gateway.
  const offline = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) =>
      init?.method === 'POST' || init?.method === 'PUT' ? Promise.reject(new TypeError('fetch failed')) : gateway.fetch(input, init)
  })
  const failing = renderPage(<InvoiceNewPage />, { ...at(), api: offline })
  const picker = await screen.findByLabelText('Client enregistré')
  fireEvent.change(picker, { target: { value: saved.json<{ id: string }>().id } })
  t.equal(screen.getByLabelText<HTMLInputElement>('Société').value, 'SARL Bâtir Ensemble', 'the saved client’s details')
  t.equal(screen.getByLabelText<HTMLInputElement>('Contact (facultatif)').value, 'Jeanne Roux')
  t.equal(screen.getByLabelText<HTMLInputElement>('SIREN du client').value, '732829320', 'its SIRET’s first nine digits')
  typeInto('Désignation (ligne 1)', 'Pose d’un chauffe-eau')
  typeInto('Prix unitaire HT (€)', '500')
  fireEvent.change(screen.getByLabelText('TVA'), { target: { value: '1000' } })
  t.match(textOf(document.querySelector('.invoice-preview')), /Total HT 500,00 € · TVA 50,00 € · Total TTC 550,00 €/, 'at 10 %')
  fireEvent.click(screen.getByLabelText(/Autoliquidation/))
  await press('Préparer la facture')
  t.match(textOf(await screen.findByRole('alert')), /connexion|réseau|joindre/i, 'the failure said, nothing lost')
  t.equal(screen.getByLabelText<HTMLInputElement>('Désignation (ligne 1)').value, 'Pose d’un chauffe-eau')
  failing()

  const creating = renderPage(<InvoiceNewPage />, at())
  fireEvent.change(await screen.findByLabelText('Client enregistré'), { target: { value: saved.json<{ id: string }>().id } })
  typeInto('Société', '')
  typeInto('SIREN du client', '12')
  await press('Préparer la facture')
  await untilText(/\d champs sont à corriger\./)
  t.equal(screen.getByLabelText('Société').getAttribute('aria-invalid'), 'true', 'a business client needs its name')
  await untilText('Le SIREN compte 9 chiffres (les 9 premiers du SIRET).')
  typeInto('Société', 'SARL Bâtir Ensemble')
  typeInto('SIREN du client', '732829320')
  typeInto('Désignation (ligne 1)', 'Pose d’un chauffe-eau')
  typeInto('Prix unitaire HT (€)', '500')
  fireEvent.click(screen.getByLabelText(/Autoliquidation/))
  await press('Préparer la facture')
  await waitForLocation(/^\/espace\/factures\/(?!nouvelle)[^/]+$/)
  const id = currentLocation().split('/').at(-1) ?? ''
  t.match(await invoicesApi.get(owner.api, id), {
    kind: 'standard',
    request: { clientSiren: '732829320', reverseCharge: true, client: { kind: 'business', company: 'SARL Bâtir Ensemble' } }
  })
  creating()

  const editing = renderPage(<InvoiceNewPage />, at(`?brouillon=${id}`))
  await screen.findByRole('heading', { level: 2, name: 'Modifier le brouillon' })
  t.equal(screen.getByLabelText<HTMLInputElement>('Désignation (ligne 1)').value, 'Pose d’un chauffe-eau', 'the draft’s own lines')
  t.ok(screen.getByLabelText<HTMLInputElement>(/Autoliquidation/).checked, 'and its reverse charge')
  typeInto('Objet (facultatif)', 'Chauffe-eau de la cuisine')
  await press('Enregistrer le brouillon')
  await waitForLocation(`/espace/factures/${id}`)
  t.match(await invoicesApi.get(owner.api, id), { status: 'draft', request: { title: 'Chauffe-eau de la cuisine' } }, 'saved in place')
  editing()

  await invoicesApi.issue(owner.api, id)
  t.teardown(renderPage(<InvoiceNewPage />, at(`?brouillon=${id}`)))
  await untilText(/Cette facture ne se modifie pas ici : une facture émise ne se modifie jamais/)
})
