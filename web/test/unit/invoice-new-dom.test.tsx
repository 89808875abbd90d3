// « Nouvelle facture » in a DOM against the real gateway: an empty form is refused field by field
// before anything is sent, the preview adds the lines up as they are typed, and a filled form
// becomes a draft without a number at the gateway, with the amounts typed.
import './dom/register.js'
import t from 'tap'
import { screen } from '@testing-library/dom'
import { Component as InvoiceNewPage } from '@/features/invoices/routes/invoice-new'
import { invoicesApi } from '@/lib/invoices-api'
import { press, renderPage, startGateway, textOf, typeInto } from './dom/page.js'

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
