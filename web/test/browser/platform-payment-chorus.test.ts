// The rest of « what it must show » of the plateforme agréée, in Chromium (platform.test.ts has the
// settings, the statuses and the refusal): a payment recorded on the invoice page of a services
// invoice deposited on the stand-in PA is reported as 212 « Encaissée » with its amount, and the
// stand-in received that one CDAR; a public buyer's invoice — the Chorus Pro access filled in the
// settings, the client marked « Acheteur public » in the client form, the invoice made out to it
// from « Nouvelle facture » with its engagement number — is deposited once on the stand-in Chorus
// Pro with the code service and the engagement, and a status Chorus Pro moves is read back.
// Axe-clean at 1280 and 360 px; no secret reaches the page.
import t, { type Test } from 'tap'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import { startStandInChorusPro } from '../../../gateway/test/support/stand-in-chorus-pro.js'
import { startStandInPa } from '../../../gateway/test/support/stand-in-pa.js'
import { COMPLETE_PROFILE } from '../../../gateway/test/support/workspace-users.js'
import {
  axeBothWidths,
  BUSY_MACHINE_WAIT_MS,
  button,
  DESKTOP,
  emailFactory,
  field,
  normalizeSpace,
  openPage,
  startAuthStack
} from './harness.js'
import { apiAs } from './platform-steps.js'
import { signIn } from './workspace-steps.js'

const SECRET = 'platform-payment-tests-jwt-secret-0123456789'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

/** A professional with a complete profile, signed in on a desktop page, and their API. */
async function signedIn(t: Test, name: string) {
  const email = newEmail(name)
  const userId = standIn.createUser({ email, password: PASSWORD })
  const api = await apiAs(gateway, SECRET, userId, email)
  const { page } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  t.equal((await api('PUT', '/api/profile', COMPLETE_PROFILE)).statusCode, 200)
  return { page, api }
}

t.test('a payment recorded on the invoice page → « Encaissée » reported with the amount', async (t) => {
  const pa = await startStandInPa()
  t.teardown(() => pa.close())
  const { page, api } = await signedIn(t, 'encaissee')
  // The platform connected by API: its settings page is platform.test.ts's.
  const connected = await api('PUT', '/api/company/platform', {
    apiUrl: pa.url,
    authKind: 'oauth2',
    tokenUrl: pa.tokenUrl,
    clientId: pa.clientId,
    secret: pa.clientSecret
  })
  t.equal(connected.statusCode, 200, connected.body)
  // Works for a business: services (the default), VAT at 20 % due on receipt (no « option pour
  // les débits »), 2 500,00 HT and 3 000,00 TTC.
  const request = {
    kind: 'standard',
    client: { kind: 'business', name: 'Service achats', company: 'Promoteur Bellecour', address: '5 place Bellecour\n69002 Lyon' },
    clientSiren: '552100554',
    lines: [{ description: 'Charpente', quantityMilli: 1000, unitPriceCents: 250_000, vatRateBp: 2000 }]
  }
  const draft = (await api('POST', '/api/invoices', { request })).json<{ invoice: Invoice }>().invoice
  const issued = await api('POST', `/api/invoices/${draft.id}/issue`)
  t.equal(issued.statusCode, 200, issued.body.slice(0, 300))
  const invoice = issued.json<{ invoice: Invoice & { number: string } }>().invoice
  await gateway.app.jobs.wake()

  await page.goto(gateway.url(`/espace/factures/${invoice.id}`))
  const panel = page.locator('section[aria-labelledby="transmission-title"]')
  await panel.getByText('Déposée sur votre plateforme agréée').waitFor()
  // Part of it paid, recorded in the page's own form.
  const payments = page.locator('section[aria-labelledby="payments-title"]')
  await payments.getByLabel('Montant reçu (€)', { exact: true }).fill('1 200')
  await payments.getByRole('button', { name: 'Enregistrer le paiement', exact: true }).click()
  await payments
    .locator('.invoice-payments li')
    .filter({ hasText: /^1\s200,00\s€ le / })
    .waitFor()
  await gateway.app.jobs.wake()
  await button(page, 'Actualiser les statuts').click()
  const reports = panel.getByRole('list', { name: 'Encaissements déclarés' }).getByRole('listitem')
  await reports.filter({ hasText: /^Encaissée — 1\s200,00\s€ déclarés le \d/ }).waitFor()
  t.equal(await reports.count(), 1, 'one payment, one report shown')

  const cdarFlows = pa.flows.filter((flow) => flow.flowSyntax === 'CDAR' && flow.flowDirection === 'Out')
  t.equal(cdarFlows.length, 1, 'the stand-in received exactly one lifecycle flow')
  t.equal(pa.cdars.length, 1)
  t.match(pa.cdars[0], {
    flowId: cdarFlows[0]?.flowId,
    processingRule: 'B2B',
    status: { statusCode: 212, statusDate: parisIsoDate(new Date()), invoice: { number: invoice.number, buyerSiren: '552100554' } }
  })
  t.same(pa.cdars[0]?.status.amounts, [{ rateBp: 2000, amountCents: 120_000 }], 'the amount received, at its one VAT rate')
  await axeBothWidths(t, page, 'a payment reported as « Encaissée »')
})

t.test('a public buyer’s invoice → Chorus Pro', async (t) => {
  const cpro = await startStandInChorusPro()
  t.teardown(() => cpro.close())
  const { page, api } = await signedIn(t, 'chorus')

  // The technical account, in « Ma plateforme agréée ».
  await page.goto(gateway.url('/espace/plateforme-agreee'))
  await page.getByRole('heading', { level: 1, name: 'Ma plateforme agréée' }).waitFor()
  const access = page.locator('section[aria-labelledby="chorus-title"]')
  await access.getByLabel('Adresse de l’API PISTE', { exact: true }).fill(cpro.url)
  await access.getByLabel('Adresse des jetons PISTE', { exact: true }).fill(cpro.tokenUrl)
  await access.getByLabel('Identifiant client PISTE', { exact: true }).fill(cpro.clientId)
  await access.getByLabel('Secret client PISTE', { exact: true }).fill(cpro.clientSecret)
  await access.getByLabel('Identifiant du compte technique', { exact: true }).fill(cpro.accountLogin)
  await access.getByLabel('Mot de passe du compte technique', { exact: true }).fill(cpro.accountPassword)
  await access.getByRole('button', { name: 'Enregistrer l’accès Chorus Pro', exact: true }).click()
  await access.getByText(/^Accès à Chorus Pro enregistré/).waitFor()
  await access.getByRole('button', { name: 'Tester la connexion à Chorus Pro', exact: true }).click()
  await access.getByText(/^Connexion réussie : PISTE a donné un jeton/).waitFor()
  t.notMatch(await page.content(), cpro.accountPassword, 'the technical password is not in the page')
  t.notMatch(await page.content(), cpro.clientSecret, 'nor the PISTE secret')
  await axeBothWidths(t, page, 'the Chorus Pro access tested')

  // The client, marked public in the client form.
  await page.goto(gateway.url('/espace/clients'))
  await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor()
  await page.getByRole('radio', { name: 'Professionnel' }).check()
  await page.locator('#client-new-company').fill('Ville de Paris')
  await page.locator('#client-new-name').fill('Service des écoles')
  await page.locator('#client-new-siret').fill('217 500 016 00019')
  await page.locator('#client-new-address').fill('4 rue de Lobau\n75004 Paris')
  await page.locator('#client-new-public').check()
  await page.locator('#client-new-service-code').fill('ECOLES-75')
  await button(page, 'Enregistrer le client').click()
  await page.getByRole('status').filter({ hasText: '« Ville de Paris » est enregistré dans vos clients.' }).waitFor()

  // The invoice made out to it from « Nouvelle facture », with the engagement number it gave.
  await page.goto(gateway.url('/espace/factures/nouvelle'))
  await page.getByRole('heading', { level: 2, name: 'Facture sans devis' }).waitFor()
  await field(page, 'Client enregistré').selectOption({ index: 1 })
  await page.getByText(/^Acheteur public \(Chorus Pro\)\s?: SIRET 21750001600019, code service ECOLES-75\.$/).waitFor()
  await field(page, 'N° d’engagement (facultatif)').fill('EJ-2026-0042')
  await field(page, 'Désignation (ligne 1)').fill('Peinture du préau')
  await field(page, 'Prix unitaire HT (€)').fill('2500')
  await axeBothWidths(t, page, 'an invoice to a public buyer, typed')
  await button(page, 'Préparer la facture').click()
  await page.getByRole('heading', { level: 2, name: 'Brouillon à vérifier' }).waitFor()
  await button(page, 'Émettre la facture').click()
  await button(page, 'Oui, émettre la facture').click()
  await page.getByRole('heading', { level: 2, name: 'Fichiers' }).waitFor({ timeout: 6 * BUSY_MACHINE_WAIT_MS })
  const id = /[0-9a-f-]{36}$/.exec(new URL(page.url()).pathname)?.[0] ?? ''
  const invoice = (await api('GET', `/api/invoices/${id}`)).json<{ invoice: Invoice & { number: string } }>().invoice
  await gateway.app.jobs.wake()

  const panel = page.locator('section[aria-labelledby="transmission-title"]')
  await button(page, 'Actualiser les statuts').click()
  await panel.getByText('Déposée sur Chorus Pro.', { exact: true }).waitFor()
  t.equal(cpro.deposits.get(invoice.number), 1, 'deposited exactly once')
  t.equal(cpro.files.size, 1)
  const xml = [...cpro.files.values()][0]?.xml ?? ''
  t.match(xml, `<ram:ID>${invoice.number}</ram:ID>`)
  t.match(xml, '<ram:BuyerReference>ECOLES-75</ram:BuyerReference>', 'the code service as the buyer reference (BT-10)')
  t.match(xml, /<ram:BuyerOrderReferencedDocument>\s*<ram:IssuerAssignedID>EJ-2026-0042<\/ram:IssuerAssignedID>/, 'the engagement (BT-13)')
  t.match(xml, '<ram:GlobalID schemeID="0009">21750001600019</ram:GlobalID>', 'the buyer’s SIRET')

  // Chorus Pro moves it on: read back on the page.
  cpro.advance(invoice.number, 'MISE_A_DISPOSITION')
  await gateway.app.transmission.pollChorusProStatuses()
  await button(page, 'Actualiser les statuts').click()
  await panel.getByText('Mise à disposition', { exact: true }).waitFor()
  t.ok(
    (await panel.locator('li strong').allInnerTexts()).map(normalizeSpace).includes('Mise à disposition'),
    'the status Chorus Pro gave, in French'
  )
  t.notMatch(await page.content(), cpro.accountPassword, 'the technical password is not in the invoice page')
  await axeBothWidths(t, page, 'a public buyer’s invoice deposited on Chorus Pro')
})
