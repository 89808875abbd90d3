// The « Adresse d'expédition » page in Chromium: the owner of an Entreprise company reaches it from
// the profile, sets the address (a shared mailbox domain refused in French), confirms it with the
// link of the e-mail, publishes the DKIM record (a DNS server on loopback plays the domain's) and
// checks it; the page says at each step where it stands. On Pro it says which plan has it.
// Axe-clean at 1280 and 360 px, with the long DKIM value wrapped.
import t from 'tap'
import { chunked, startDnsServer } from '../../../gateway/test/support/dns-server.js'
import { subscribe } from '../../../gateway/test/support/workspace-users.js'
import {
  axeBothWidths,
  button,
  CLEAN,
  DESKTOP,
  emailFactory,
  field,
  normalizeSpace,
  openPage,
  openSettings,
  problemsOf,
  startAuthStack
} from './harness.js'
import { signIn } from './workspace-steps.js'

const SECRET = 'sender-tests-jwt-secret-0123456789-abcdefgh'
const PASSWORD = 'une phrase de passe solide'
const dns = await startDnsServer()
t.teardown(() => dns.stop())
const { standIn, gateway, browser } = await startAuthStack(t, SECRET, { DNS_SERVERS: dns.address })
const newEmail = emailFactory()

t.test('Entreprise: the address set, confirmed by its link, its DKIM record found', async (t) => {
  const email = newEmail('sender')
  const ownerId = standIn.createUser({ email, password: PASSWORD })
  await subscribe(gateway.app.db, ownerId, 'entreprise')
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await openSettings(page, 'Profil')
  await page.getByRole('link', { name: 'adresse d’expédition', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Adresse d’expédition' }).waitFor()
  await page.getByRole('heading', { level: 2, name: 'Votre adresse d’expédition' }).waitFor()
  await axeBothWidths(t, page, 'no address yet')

  await button(page, 'Utiliser cette adresse').click()
  t.equal(
    normalizeSpace(await page.locator('#sender-address-error').innerText()),
    'Indiquez l’adresse d’expédition.',
    'an empty address is explained'
  )
  await field(page, 'Adresse e-mail de votre domaine').fill('durand@gmail.com')
  await button(page, 'Utiliser cette adresse').click()
  await page.locator('#sender-address-error').filter({ hasText: 'Les adresses gmail.com ne peuvent pas servir' }).waitFor()
  t.equal(await page.evaluate(() => document.activeElement?.id), 'sender-address-input', 'the gateway’s refusal on the field, focused')

  await field(page, 'Adresse e-mail de votre domaine').fill('devis@durand-plomberie.fr')
  await button(page, 'Utiliser cette adresse').click()
  await page.getByRole('status').filter({ hasText: 'Un lien de confirmation a été envoyé à devis@durand-plomberie.fr.' }).waitFor()
  t.match(
    normalizeSpace(await page.locator('#sender-status').locator('..').innerText()),
    /Étape 1 sur 2 : un lien de confirmation a été envoyé à devis@durand-plomberie\.fr/
  )
  await axeBothWidths(t, page, 'waiting for the confirmation, with the DNS records')

  const { rows } = await gateway.app.db.query<{ text_body: string }>(
    `select text_body from paraphe.outbox where kind = 'sender-confirmation' and recipient = 'devis@durand-plomberie.fr'`
  )
  const link = /https?:\/\/\S+\/api\/sender-confirmation\?token=[\w-]+/.exec(rows[0]?.text_body ?? '')?.[0] ?? ''
  t.ok(link, 'the confirmation e-mail holds the link')
  const url = new URL(link)
  await page.goto(gateway.url(`${url.pathname}${url.search}`))
  await page.getByRole('status').filter({ hasText: 'Adresse confirmée.' }).waitFor()
  t.equal(new URL(page.url()).pathname, '/espace/expediteur', 'the link leads back to the page')
  await page.getByText('Étape 2 sur 2').waitFor()

  await button(page, 'Vérifier le DNS').click()
  await page.getByText('Clé DKIM (obligatoire) — Absent').waitFor()
  const name = normalizeSpace(await page.locator('.sender-records__fields code').first().innerText())
  const value = normalizeSpace(await page.locator('.sender-records__value').first().innerText())
  t.match(name, /^paraphe\d{6}\._domainkey\.durand-plomberie\.fr$/)
  dns.txt.set(name, [chunked(value)])
  await button(page, 'Vérifier le DNS').click()
  await page.getByText('Vos e-mails aux clients partent de devis@durand-plomberie.fr, signés DKIM pour votre domaine.').waitFor()
  t.equal(
    normalizeSpace(await page.getByRole('status').innerText()),
    'Enregistrement DKIM trouvé : vos e-mails partent désormais de votre adresse.'
  )
  await axeBothWidths(t, page, 'active')

  await button(page, 'Supprimer l’adresse').click()
  await button(page, 'Confirmer la suppression de l’adresse').click()
  await page.getByRole('status').filter({ hasText: 'Adresse supprimée' }).waitFor()
  t.equal(await page.locator('#sender-status').count(), 0, 'no address any more')
  // The refused gmail address is a 400 Chromium logs; nothing else.
  const refusal = (url: string) => url === gateway.url('/api/company/sender')
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => problem.status === 400 && refusal(problem.url),
      allowConsole: (entry) => refusal(entry.url) && /Failed to load resource: .*\b400\b/.test(entry.text)
    }),
    [],
    CLEAN
  )
})

t.test('Pro: the plan that has it, and no form', async (t) => {
  const email = newEmail('sender-pro')
  const ownerId = standIn.createUser({ email, password: PASSWORD })
  await subscribe(gateway.app.db, ownerId, 'pro')
  const { page } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await page.goto(gateway.url('/espace/expediteur'))
  await page.locator('.upgrade-prompt').waitFor()
  t.match(normalizeSpace(await page.locator('.lead').innerText()), /de « .* via Paraphe »/, 'the « via » form, named')
  t.equal(await field(page, 'Adresse e-mail de votre domaine').count(), 0, 'no form')
  await axeBothWidths(t, page, 'the page on Pro')
})
