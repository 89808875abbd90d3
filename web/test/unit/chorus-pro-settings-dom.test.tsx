// Chorus Pro for public buyers in a DOM against the real gateway and the Chorus Pro stand-in (test
// tree only): « Ma plateforme agréée »'s Chorus Pro section — the empty form explained field by
// field, a wrong technical account password said in French by « Tester la connexion », the right
// one tested, the secrets never shown back, a network failure, the access removed — and the client
// form's « Acheteur public (Chorus Pro) » with its SIRET required and its code service; the invoice
// page's Transmission panel for a public buyer; the engagement number on the quote's invoicing form.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, within } from '@testing-library/dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { TransmissionPanel } from '@/features/invoices/components/transmission-panel'
import { Component as QuoteInvoicingPage } from '@/features/invoices/routes/quote-invoicing'
import { invoicesApi } from '@/lib/invoices-api'
import { quoteClient } from '../../../gateway/test/support/quote-content.js'
import { signedQuote } from './dom/invoices.js'
import { Component as ClientsPage } from '@/features/clients/routes/clients'
import { Component as PlatformPage } from '@/features/platform/routes/platform'
import { createApiClient } from '@/lib/api-client'
import { clientsApi } from '@/lib/clients-api'
import { startStandInChorusPro } from '../../../gateway/test/support/stand-in-chorus-pro.js'
import { currentLocation, press, renderPage, startGateway, textOf, typeInto, untilText, waitForLocation } from './dom/page.js'

// The invoices' test makes real Factur-X PDF/A-3 files in a PDF process.
t.setTimeout(300_000)

const gateway = await startGateway()
t.teardown(gateway.close)
const cpro = await startStandInChorusPro()
t.teardown(cpro.close)

const valueOf = (label: string | RegExp): string => screen.getByLabelText<HTMLInputElement>(label).value
const section = () => screen.getByRole('region', { name: 'Chorus Pro (acheteurs publics)' })

t.test('the Chorus Pro access: explained, refused in French, tested, never shown back, removed', async (t) => {
  const owner = await gateway.owner()
  let unmount = renderPage(<PlatformPage />, { api: owner.api, userId: owner.id })
  await screen.findByLabelText('Adresse de l’API PISTE')
  t.equal(screen.queryByRole('button', { name: 'Tester la connexion à Chorus Pro' }), null, 'nothing to test before the access is saved')

  await press('Enregistrer l’accès Chorus Pro')
  await untilText('Indiquez l’adresse de l’API PISTE, en https://')
  t.match(textOf(section()), 'Indiquez l’identifiant du compte technique Chorus Pro.')
  t.match(textOf(section()), 'Indiquez le mot de passe du compte technique Chorus Pro.')
  t.match(textOf(section()), 'Indiquez le secret client (client secret) de votre application PISTE.')
  t.equal(document.activeElement?.id, 'chorus-apiUrl', 'the first wrong field has the focus')

  typeInto('Adresse de l’API PISTE', cpro.url)
  typeInto('Adresse des jetons PISTE', cpro.tokenUrl)
  typeInto('Identifiant client PISTE', cpro.clientId)
  typeInto('Secret client PISTE', cpro.clientSecret)
  typeInto('Identifiant du compte technique', cpro.accountLogin)
  typeInto('Mot de passe du compte technique', 'pas-le-bon-mot-de-passe')
  await press('Enregistrer l’accès Chorus Pro')
  await untilText('Accès à Chorus Pro enregistré. Testez-le pour vérifier les identifiants.')
  t.equal(valueOf('Mot de passe du compte technique'), '', 'the password field is emptied once saved')
  t.equal(valueOf('Secret client PISTE'), '')

  await press('Tester la connexion à Chorus Pro')
  const refused = await within(section()).findByRole('alert')
  t.match(textOf(refused), /^Compte technique refusé par Chorus Pro : vérifiez son identifiant et son mot de passe/)
  await untilText(/Dernier test le .+ : Compte technique refusé/)

  typeInto('Mot de passe du compte technique', cpro.accountPassword)
  await press('Enregistrer l’accès Chorus Pro')
  await untilText('Accès à Chorus Pro enregistré.')
  await press('Tester la connexion à Chorus Pro')
  await untilText('Connexion réussie : PISTE a donné un jeton et Chorus Pro a accepté le compte technique.')
  for (const secret of [cpro.clientSecret, cpro.accountPassword]) t.notMatch(document.body.innerHTML, secret, 'no secret in the page')

  unmount()
  unmount = renderPage(<PlatformPage />, { api: owner.api, userId: owner.id })
  await screen.findByLabelText('Adresse de l’API PISTE')
  await untilText(/Dernier test le .+ : connexion réussie\./)
  t.equal(valueOf('Adresse de l’API PISTE'), cpro.url)
  t.equal(valueOf('Identifiant du compte technique'), cpro.accountLogin)
  t.equal(valueOf('Mot de passe du compte technique'), '', 'never given back')
  t.match(textOf(section()), 'Enregistré et chiffré, il n’est plus affiché')
  for (const secret of [cpro.clientSecret, cpro.accountPassword]) t.notMatch(document.body.innerHTML, secret)

  await press('Supprimer l’accès Chorus Pro')
  await untilText('Accès supprimé : les factures à vos acheteurs publics s’envoient par e-mail.')
  t.equal(valueOf('Adresse de l’API PISTE'), '', 'the form starts over')
  t.equal(screen.queryByRole('button', { name: 'Supprimer l’accès Chorus Pro' }), null)
  unmount()
})

t.test('the gateway out of reach: each action of the section says so in French', async (t) => {
  const owner = await gateway.owner()
  let reachable = true
  const api = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => (reachable ? gateway.fetch(input, init) : Promise.reject(new TypeError('fetch failed')))
  })
  t.teardown(renderPage(<PlatformPage />, { api, userId: owner.id }))
  await screen.findByLabelText('Adresse de l’API PISTE')
  typeInto('Adresse de l’API PISTE', cpro.url)
  typeInto('Adresse des jetons PISTE', cpro.tokenUrl)
  typeInto('Identifiant client PISTE', cpro.clientId)
  typeInto('Secret client PISTE', cpro.clientSecret)
  typeInto('Identifiant du compte technique', cpro.accountLogin)
  typeInto('Mot de passe du compte technique', cpro.accountPassword)
  reachable = false
  await press('Enregistrer l’accès Chorus Pro')
  t.match(textOf(await within(section()).findByRole('alert')), 'Le serveur ne répond pas.', 'saving while offline')
  t.equal(valueOf('Mot de passe du compte technique'), cpro.accountPassword, 'nothing typed is lost')
  reachable = true
  await press('Enregistrer l’accès Chorus Pro')
  await untilText('Accès à Chorus Pro enregistré.')
  reachable = false
  await press('Tester la connexion à Chorus Pro')
  t.match(textOf(await within(section()).findByRole('alert')), 'Le serveur ne répond pas.', 'testing while offline')
  await press('Supprimer l’accès Chorus Pro')
  await untilText('Accès à Chorus Pro enregistré.', true)
  t.match(textOf(await within(section()).findByRole('alert')), 'Le serveur ne répond pas.', 'removing while offline')
  t.ok(screen.getByRole('button', { name: 'Supprimer l’accès Chorus Pro' }), 'the access is still there')
})

t.test('a client marked « Acheteur public (Chorus Pro) »: its SIRET required, its code service kept', async (t) => {
  const user = await gateway.signedIn()
  t.teardown(renderPage(<ClientsPage />, { api: user.api, userId: user.id }))
  await screen.findByText(/Aucun client pour l’instant/)
  t.equal(screen.queryByLabelText(/Acheteur public/), null, 'a private person is no public buyer')
  fireEvent.click(screen.getByLabelText('Professionnel'))
  typeInto('Société', 'Mairie de Villeurbanne')
  t.equal(screen.queryByLabelText(/^Code service/), null, 'the code service only for a public buyer')
  fireEvent.click(screen.getByLabelText('Acheteur public (Chorus Pro)'))
  await screen.findByLabelText(/^Code service/)
  await press('Enregistrer le client')
  t.ok(await screen.findByText('Le SIRET de l’acheteur public est obligatoire : Chorus Pro l’identifie par ce numéro.'))
  typeInto(/^SIRET/, '217 500 016 00018')
  await press('Enregistrer le client')
  t.ok(await screen.findByText(/clé de contrôle incorrecte/), 'the SIRET’s key is checked')
  typeInto(/^SIRET/, '217 500 016 00019')
  typeInto(/^Code service/, 'SERV-TECH')
  await press('Enregistrer le client')
  t.ok(await screen.findByText('« Mairie de Villeurbanne » est enregistré dans vos clients.'))
  const { clients } = await clientsApi.list(user.api, {})
  t.match(clients, [{ company: 'Mairie de Villeurbanne', siret: '21750001600019', publicBuyer: true, serviceCode: 'SERV-TECH' }])

  await press('Modifier Mairie de Villeurbanne')
  const editForm = (await screen.findByRole('button', { name: 'Enregistrer les modifications' })).closest('form') as HTMLFormElement
  t.equal(within(editForm).getByLabelText<HTMLInputElement>('Acheteur public (Chorus Pro)').checked, true, 'shown as saved')
  t.equal(within(editForm).getByLabelText<HTMLInputElement>(/^Code service/).value, 'SERV-TECH')
  fireEvent.click(within(editForm).getByLabelText('Acheteur public (Chorus Pro)'))
  await press('Enregistrer les modifications', editForm)
  t.ok(await screen.findByText('Client modifié.'))
  t.match(
    (await clientsApi.list(user.api, {})).clients,
    [{ publicBuyer: false, serviceCode: '' }],
    'no longer public, its code service dropped'
  )
})

t.test('a public buyer’s invoice on its page: « Chorus Pro non configuré », then deposited on Chorus Pro', async (t) => {
  const owner = await gateway.owner()
  const issue = async (index: number): Promise<Invoice> => {
    const request = {
      kind: 'standard',
      client: { kind: 'business', name: '', company: 'Ville de Paris', address: '4 rue de Lobau\n75004 Paris' },
      publicBuyer: { siret: '21750001600019', serviceCode: '' },
      lines: [{ description: `Peinture ${index}`, quantityMilli: 1000, unitPriceCents: 50_000 + index, vatRateBp: 2000 }]
    }
    const draft = await owner.request('POST', '/api/invoices', { request })
    const issued = await owner.request('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
    await gateway.app.jobs.wake()
    return issued.json<{ invoice: Invoice }>().invoice
  }
  const panel = async (invoiceId: string) => {
    const unmount = renderPage(<TransmissionPanel invoiceId={invoiceId} />, { api: owner.api, userId: owner.id })
    const heading = await screen.findByRole('heading', { name: 'Transmission' })
    return { text: textOf(heading.parentElement), unmount }
  }
  const byEmail = await issue(1)
  let shown = await panel(byEmail.id)
  t.match(shown.text, 'Chorus Pro non configuré : ce client est un acheteur public, qui reçoit ses factures par Chorus Pro.')
  t.ok(screen.getByRole('link', { name: 'Ma plateforme agréée' }), 'a link to set it')
  shown.unmount()

  const saved = await owner.request('PUT', '/api/company/chorus-pro', {
    apiUrl: cpro.url,
    tokenUrl: cpro.tokenUrl,
    clientId: cpro.clientId,
    clientSecret: cpro.clientSecret,
    accountLogin: cpro.accountLogin,
    accountPassword: cpro.accountPassword
  })
  t.equal(saved.statusCode, 200)
  const deposited = await issue(2)
  cpro.advance(deposited.number as string, 'MISE_A_DISPOSITION')
  await gateway.app.transmission.pollChorusProStatuses()
  shown = await panel(deposited.id)
  t.match(shown.text, 'Déposée sur Chorus Pro.')
  t.match(shown.text, 'Mise à disposition')
  shown.unmount()
})

t.test('invoicing a public buyer’s quote: the engagement number checked, then carried by the invoice', async (t) => {
  const owner = await gateway.owner('pro')
  const client = await clientsApi.create(owner.api, {
    kind: 'business',
    name: 'Intendance',
    company: 'Lycée Ampère',
    email: '',
    phone: '',
    address: '31 rue de la Bourse\n69002 Lyon',
    siteAddress: '',
    siret: '21750001600019',
    notes: '',
    publicBuyer: true,
    serviceCode: 'LYC-AMP'
  })
  const quote = await signedQuote(gateway, owner, {
    client: quoteClient({ kind: 'business', company: 'Lycée Ampère', name: 'Intendance' }),
    savedClientId: client.id
  })
  t.teardown(
    renderPage(<QuoteInvoicingPage />, {
      api: owner.api,
      userId: owner.id,
      at: `/espace/devis/${quote.id}/facturation?facture=solde`,
      route: '/espace/devis/:id/facturation'
    })
  )
  await screen.findByLabelText(/^N° d’engagement/)
  typeInto(/^SIREN du client/, '217500016')
  typeInto(/^N° d’engagement/, 'E'.repeat(51))
  await press('Préparer la facture')
  await untilText('Le numéro d’engagement compte au plus 50 caractères.')
  typeInto(/^N° d’engagement/, ' BC-12 ')
  await press('Préparer la facture')
  await waitForLocation(/^\/espace\/factures\//)
  const invoice = await invoicesApi.get(owner.api, currentLocation().replace('/espace/factures/', ''))
  t.match(invoice.document, {
    buyer: { publicBuyer: { siret: '21750001600019', serviceCode: 'LYC-AMP' } },
    buyerReference: 'LYC-AMP',
    orderReference: 'BC-12'
  })
})
