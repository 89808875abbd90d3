// The « Clés d’API » page in Chromium: the owner of an Entreprise company creates a key (shown
// once), which reads /api/v1; the page never shows it again; revoking it stops it at once. On Pro
// the page says which plan has the API. Axe-clean at 1280 and 360 px.
import t from 'tap'
import { subscribe } from '../../../gateway/test/support/workspace-users.js'
import { axeBothWidths, button, DESKTOP, emailFactory, normalizeSpace, openPage, openSettings, startAuthStack } from './harness.js'
import { signIn } from './workspace-steps.js'

const SECRET = 'api-keys-tests-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

const listQuotes = (secret: string) => fetch(gateway.url('/api/v1/quotes'), { headers: { authorization: `Bearer ${secret}` } })

t.test('Entreprise: a key created, shown once, used, revoked', async (t) => {
  const email = newEmail('api')
  const ownerId = standIn.createUser({ email, password: PASSWORD })
  await subscribe(gateway.app.db, ownerId, 'entreprise')
  const { page, context } = await openPage(browser, t, DESKTOP)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.origin })
  await signIn(page, gateway.url, email, PASSWORD)
  await openSettings(page, 'API')
  await page.getByRole('heading', { level: 1, name: 'Clés d’API' }).waitFor()
  await page.getByText('Aucune clé pour l’instant.').waitFor()
  await button(page, 'Créer la clé').click()
  t.match(normalizeSpace(await page.locator('#api-key-name-error').innerText()), /^Donnez un nom à la clé/, 'an empty name is explained')
  await page.getByLabel('Nom de la clé').fill('Logiciel de facturation')
  await button(page, 'Créer la clé').click()
  const secretBox = page.getByLabel('Clé d’API', { exact: true })
  await secretBox.waitFor()
  const secret = await secretBox.inputValue()
  t.match(secret, /^paraphe_[A-Za-z0-9_-]{43}$/, 'the secret, once')
  await button(page, 'Copier la clé').click()
  await page.getByRole('status').filter({ hasText: 'Clé copiée.' }).waitFor()
  t.equal(await page.evaluate(() => navigator.clipboard.readText()), secret, 'the copy button put the key in the clipboard')
  await page.locator('.team-list__item').filter({ hasText: 'Logiciel de facturation' }).waitFor()
  t.match(normalizeSpace(await page.locator('.team-list__item').innerText()), /lecture et écriture — créée le .*, jamais utilisée/)
  await axeBothWidths(t, page, 'the page with a new key')
  t.equal((await listQuotes(secret)).status, 200, 'the key reads the API')

  await page.reload()
  await page.locator('.team-list__item').filter({ hasText: 'Logiciel de facturation' }).waitFor()
  t.equal(await page.locator('.api-key-secret').count(), 0, 'never shown again')
  t.notOk((await page.content()).includes(secret.slice(14)), 'nowhere in the page')
  t.match(normalizeSpace(await page.locator('.team-list__item').innerText()), /utilisée le/, 'its last use')

  await page.getByRole('button', { name: 'Révoquer la clé Logiciel de facturation' }).click()
  await button(page, 'Confirmer la révocation de « Logiciel de facturation »').click()
  await page.getByRole('status').filter({ hasText: 'est révoquée' }).waitFor()
  await page.locator('.team-list__item').filter({ hasText: 'révoquée le' }).waitFor()
  t.equal((await listQuotes(secret)).status, 401, 'refused at the next request')
})

t.test('Pro: no key, and the plan that has the API', async (t) => {
  const email = newEmail('api-pro')
  const ownerId = standIn.createUser({ email, password: PASSWORD })
  await subscribe(gateway.app.db, ownerId, 'pro')
  const { page } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await page.goto(gateway.url('/espace/api'))
  await page.locator('.upgrade-prompt').waitFor()
  t.equal(normalizeSpace(await page.locator('.badge--plan').innerText()), 'Entreprise')
  t.equal(await page.getByLabel('Nom de la clé').count(), 0, 'no form')
  t.equal(await page.getByRole('link', { name: 'Passer à la formule Entreprise' }).getAttribute('href'), '/tarifs')
  await axeBothWidths(t, page, 'the page on Pro')
})
