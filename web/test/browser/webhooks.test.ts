// The « Webhooks » page in Chromium: the owner of an Entreprise company adds an endpoint (a bad URL
// refused in French next to the field; the secret shown once, with a copy button), reads its
// delivery log (a failed attempt with its 500), re-sends the event (received, same id, signature
// verified with the documented snippet), and deletes the endpoint after a confirmation. On Pro the
// page says which plan has webhooks. Axe-clean at 1280 and 360 px.
import t from 'tap'
import { verifyWebhook } from '@paraphe/shared/webhook-signature'
import { subscribe } from '../../../gateway/test/support/workspace-users.js'
import { startReceiver } from '../../../gateway/test/support/webhook-receiver.js'
import {
  axeBothWidths,
  button,
  CLEAN,
  DESKTOP,
  emailFactory,
  normalizeSpace,
  openPage,
  openSettings,
  problemsOf,
  startAuthStack
} from './harness.js'
import { signIn } from './workspace-steps.js'

const SECRET = 'webhooks-tests-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

t.test('Entreprise: an endpoint added, its secret once, its log, « Renvoyer », deleted', async (t) => {
  const receiver = await startReceiver(t, [500, 200])
  const email = newEmail('webhooks')
  const ownerId = standIn.createUser({ email, password: PASSWORD })
  await subscribe(gateway.app.db, ownerId, 'entreprise')
  const { page } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await openSettings(page, 'Webhooks')
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor()
  await page.getByText('Aucune adresse pour l’instant.').waitFor()
  await button(page, 'Ajouter l’adresse').click()
  t.equal(normalizeSpace(await page.locator('#webhook-url-error').innerText()), 'Indiquez l’adresse (URL) qui recevra les événements.')
  t.ok(await page.locator('#webhook-url').evaluate((input) => input === document.activeElement), 'the field is focused')
  await page.getByLabel('Adresse (URL) de votre serveur').fill('ftp://erp.exemple.fr/hooks')
  await button(page, 'Ajouter l’adresse').click()
  await page.locator('#webhook-url-error').filter({ hasText: 'L’adresse doit commencer par https://.' }).waitFor()
  await page.getByLabel('Adresse (URL) de votre serveur').fill(receiver.url)
  await page.getByLabel(/quote\.viewed/).uncheck()
  await button(page, 'Ajouter l’adresse').click()
  const secretBox = page.locator('#webhook-secret')
  await secretBox.waitFor()
  const secret = await secretBox.inputValue()
  t.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/, 'the secret, once')
  await button(page, 'Copier le secret').click()
  await page
    .getByRole('status')
    .filter({ hasText: /Secret copié|Le secret est sélectionné/ })
    .waitFor()
  const item = page.locator('.webhook-endpoint').filter({ hasText: receiver.url })
  await item.waitFor()
  // Every event is offered checked (the invoices' too); quote.viewed was unticked above.
  t.match(
    normalizeSpace(await item.innerText()),
    /quote\.sent quote\.signed quote\.declined quote\.expired invoice\.issued invoice\.paid invoice\.overdue invoice\.status_changed — secret whsec_/,
    'the events chosen, the secret’s prefix'
  )
  t.notMatch(normalizeSpace(await item.innerText()), /quote\.viewed/)
  await axeBothWidths(t, page, 'the page with a new endpoint and its secret')

  // A quote event of this company, as the triggers queue it; the receiver answers 500 first.
  await gateway.app.db.query(`select paraphe.enqueue_webhook_event($1, 'quote.sent', null, $2::jsonb)`, [
    ownerId,
    JSON.stringify({ quote: { number: 'DEV-2026-0001' } })
  ])
  await gateway.app.webhooks.wake()
  t.equal(receiver.received.length, 1)
  await button(page, 'Journal des envois').click()
  const row = page.locator('.webhook-log tbody tr').first()
  await row.waitFor()
  t.match(normalizeSpace(await row.innerText()), /^quote\.sent evt_[0-9a-f]{32} En attente 1 500 /, 'the failed attempt and its answer')
  await axeBothWidths(t, page, 'the delivery log open')
  await row.getByRole('button', { name: /^Renvoyer quote\.sent/ }).click()
  await page.getByRole('status').filter({ hasText: 'remis dans la file d’envoi, avec le même identifiant' }).waitFor()
  await receiver.waitFor(2)
  const [first, second] = receiver.received
  t.equal(second?.headers['paraphe-event-id'], first?.headers['paraphe-event-id'], 'the same event id')
  t.ok(verifyWebhook(secret, second?.body ?? '', String(second?.headers['paraphe-signature'])), 'signed with the secret shown once')
  await button(page, 'Journal des envois').click()
  await button(page, 'Journal des envois').click()
  await page.locator('.webhook-log tbody tr').filter({ hasText: 'Reçu' }).waitFor()
  t.equal(
    await page
      .locator('.webhook-log')
      .getByRole('button', { name: /^Renvoyer/ })
      .count(),
    0,
    'nothing to re-send once received'
  )

  await page.reload()
  await item.waitFor()
  t.equal(await page.locator('#webhook-secret').count(), 0, 'the secret is never shown again')
  t.notOk((await page.content()).includes(secret.slice(12)), 'nowhere in the page')
  await page.getByRole('button', { name: `Supprimer l’adresse ${receiver.url}` }).click()
  await button(page, 'Confirmer la suppression').click()
  await page.getByRole('status').filter({ hasText: 'est supprimée' }).waitFor()
  await page.getByText('Aucune adresse pour l’instant.').waitFor()
})

t.test('Pro: no endpoint, and the plan that has webhooks', async (t) => {
  const email = newEmail('webhooks-pro')
  const ownerId = standIn.createUser({ email, password: PASSWORD })
  await subscribe(gateway.app.db, ownerId, 'pro')
  const { page } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await page.goto(gateway.url('/espace/webhooks'))
  await page.locator('.upgrade-prompt').waitFor()
  t.equal(normalizeSpace(await page.locator('.badge--plan').innerText()), 'Entreprise')
  t.equal(await page.getByLabel('Adresse (URL) de votre serveur').count(), 0, 'no form')
  t.equal(await page.getByRole('link', { name: 'Passer à la formule Entreprise' }).getAttribute('href'), '/tarifs')
  await axeBothWidths(t, page, 'the page on Pro')
})

t.test('the API reference: the operations read from the OpenAPI document, the webhooks, axe-clean', async (t) => {
  const { page, record } = await openPage(browser, t, DESKTOP)
  await page.goto(gateway.url('/developpeurs/api'))
  await page.getByRole('heading', { level: 1, name: 'Référence de l’API' }).waitFor()
  await page.getByRole('heading', { level: 3, name: /^GET \/quotes\/\{id\}\/signed-pdf/ }).waitFor()
  // As many as the gateway's OpenAPI document has (quotes and invoices).
  const document = (await (await fetch(gateway.url('/api/v1/openapi.json'))).json()) as { paths: Record<string, Record<string, unknown>> }
  const operations = Object.values(document.paths).flatMap((item) =>
    Object.keys(item).filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
  ).length
  t.ok(operations >= 18, `the document's ${operations} operations, invoices included`)
  t.equal(await page.locator('.api-reference__operation').count(), operations, 'every operation of /api/v1')
  t.match(
    normalizeSpace(await page.locator('section[aria-labelledby="reference-operations"]').innerText()),
    /100 requêtes par minute et par clé/,
    'this service’s rate limit, from the document'
  )
  t.match(await page.locator('.api-reference__code').last().innerText(), /export function verifyWebhook/)
  await axeBothWidths(t, page, 'the API reference')
  t.same(problemsOf(record), [], CLEAN)
})
