// « Ma plateforme agréée » and the transmission of an invoice in Chromium, against the stand-in PA:
// the owner reaches the page from the profile, a wrong secret gets the French reason, the right
// one connects; an invoice to a business shows « Déposée », then « Mise à disposition » and
// « Approuvée » as the stand-in moves; a refusal with its reason offers « Annuler par un avoir et
// refaire la facture », which opens the new draft; the list shows the statuses. Axe-clean at 1280
// and 360 px; the secret never reaches the page.
import t from 'tap'
import { startStandInPa } from '../../../gateway/test/support/stand-in-pa.js'
import { COMPLETE_PROFILE } from '../../../gateway/test/support/workspace-users.js'
import { axeBothWidths, button, DESKTOP, emailFactory, field, normalizeSpace, openPage, openSettings, startAuthStack } from './harness.js'
import { apiAs } from './platform-steps.js'
import { signIn } from './workspace-steps.js'

const SECRET = 'platform-tests-jwt-secret-0123456789-abcdefgh'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const pa = await startStandInPa()
t.teardown(() => pa.close())
const newEmail = emailFactory()

t.test('settings tested, then an invoice to a business followed to « Approuvée »', async (t) => {
  const email = newEmail('platform')
  const ownerId = standIn.createUser({ email, password: PASSWORD })
  const api = await apiAs(gateway, SECRET, ownerId, email)
  const { page } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  t.equal((await api('PUT', '/api/profile', COMPLETE_PROFILE)).statusCode, 200)
  await openSettings(page, 'Profil')
  await page.getByRole('link', { name: 'ma plateforme agréée', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Ma plateforme agréée' }).waitFor()
  await field(page, 'Adresse de l’API').fill(pa.url)
  await field(page, 'Adresse des jetons').fill(pa.tokenUrl)
  await field(page, 'Identifiant client').fill(pa.clientId)
  await field(page, 'Secret client').fill('un-secret-faux')
  await button(page, 'Enregistrer').click()
  await page.getByText('Connexion enregistrée.').waitFor()
  await button(page, 'Tester la connexion').click()
  await page.getByText('Identifiants refusés : la plateforme n’accepte pas cet identifiant client et ce secret').first().waitFor()
  await axeBothWidths(t, page, 'settings with a wrong secret tested')

  await field(page, 'Secret client').fill(pa.clientSecret)
  await button(page, 'Enregistrer').click()
  await page.getByText('Connexion enregistrée.').waitFor()
  await button(page, 'Tester la connexion').click()
  await page.getByText('Connexion réussie').first().waitFor()
  t.notMatch(await page.content(), pa.clientSecret, 'the secret is not in the page')
  t.notMatch(await page.content(), 'un-secret-faux')

  const issue = async (index: number) => {
    const request = {
      kind: 'standard',
      client: { kind: 'business', name: 'Service achats', company: `Promoteur ${index}`, address: '5 place Bellecour\n69002 Lyon' },
      clientSiren: '552100554',
      lines: [{ description: `Charpente ${index}`, quantityMilli: 1000, unitPriceCents: 250_000, vatRateBp: 2000 }]
    }
    const draft = (await api('POST', '/api/invoices', { request })).json<{ invoice: { id: string } }>().invoice
    t.equal((await api('POST', `/api/invoices/${draft.id}/issue`)).statusCode, 200)
    await gateway.app.jobs.wake()
    return draft.id
  }
  const approved = await issue(1)
  await page.goto(gateway.url(`/espace/factures/${approved}`))
  const panel = page.locator('section[aria-labelledby="transmission-title"]')
  await panel.getByText('Déposée sur votre plateforme agréée').waitFor()
  await panel.getByRole('list', { name: 'Statuts de la facture' }).getByText('Déposée').waitFor()
  for (const [code, label] of [
    [203, 'Mise à disposition'],
    [205, 'Approuvée']
  ] as const) {
    pa.advance(approved, code)
    await gateway.app.transmission.pollStatuses()
    await button(page, 'Actualiser les statuts').click()
    await panel.getByText(label, { exact: true }).waitFor()
  }
  t.same(
    (await panel.locator('li strong').allInnerTexts()).map(normalizeSpace),
    ['Déposée', 'Mise à disposition', 'Approuvée'],
    'the statuses in order'
  )
  await axeBothWidths(t, page, 'an approved invoice’s transmission')

  const refused = await issue(2)
  pa.advance(refused, 210, 'Bon de commande manquant')
  await gateway.app.transmission.pollStatuses()
  await page.goto(gateway.url(`/espace/factures/${refused}`))
  await panel.getByText('Refusée : Bon de commande manquant').waitFor()
  const notice = page.getByRole('region', { name: 'Facture refusée' })
  await notice.getByText('Facture refusée par le client').waitFor()
  await axeBothWidths(t, page, 'a refused invoice')

  // The list says each invoice's last status, readable on a phone.
  await page.goto(gateway.url('/espace/factures'))
  await page.getByText('Refusée', { exact: true }).waitFor()
  await page.getByText('Approuvée', { exact: true }).waitFor()
  await axeBothWidths(t, page, 'the invoice list with the platform statuses')

  // The one action: the credit note issued, the new draft opened.
  await page.goto(gateway.url(`/espace/factures/${refused}`))
  await button(page, 'Annuler par un avoir et refaire la facture').click()
  await page.waitForURL((url) => /\/espace\/factures\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(refused))
  const notes = await gateway.app.db.query<{ status: string }>('select status from paraphe.invoices where corrects_invoice_id = $1', [
    refused
  ])
  t.same(notes.rows, [{ status: 'issued' }], 'one credit note, issued')
})
