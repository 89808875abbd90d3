// The whole job on `npm start` with nothing else running: the real start script (embedded
// PGlite, embedded accounts, no SMTP) and Chromium. A professional signs up, confirms from the
// local mailbox, fills the profile, writes a quote and sends it; the client opens the signing link
// from the mailbox, signs and downloads the sealed PDF (pdfsig: valid); the professional sees
// « Signé ». Another account cannot see the quote.
import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { pdfsig } from '../../../gateway/test/support/pdfsig.js'
import { freePort } from '../../../gateway/test/support/free-port.js'
import { MENUISERIE_MARTIN, startCompanySearchStandIn } from '../../../gateway/test/support/company-search-stand-in.js'
import { CLEAN, gotoHydrated, inPage, mailboxLink, normalizeSpace, openPage, problemsOf, sharedBrowser } from './harness.js'
import { fillClient, fillLine, fillProfile, newQuote, waitForSaved } from './workspace-steps.js'

const PASSWORD = 'une phrase de passe solide'
const CLIENT = 'ines.dupont@example.fr'
const root = path.resolve(import.meta.dirname, '../../..')

const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-whole-job-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const url = (pathname: string) => `${origin}${pathname}`

// `npm start` as a newcomer runs it: no auth server, no database server, no SMTP. The State's
// company search (a public service on the internet, out of reach here) is the test tree's stand-in.
const companySearch = await startCompanySearchStandIn([MENUISERIE_MARTIN])
t.teardown(() => companySearch.close())
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  COMPANY_SEARCH_URL: companySearch.url
}
const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
t.teardown(() => {
  if (child.exitCode === null) child.kill('SIGTERM')
})
let output = ''
child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
const ready = await new Promise<string>((resolve, reject) => {
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (/E-mails .*boite-mail/.test(output)) resolve(output)
  })
  child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)))
})
const browser = await sharedBrowser(t)

const field = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' })
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

async function signUpAndConfirm(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, url('/inscription'))
  await field(page, 'Adresse e-mail').fill(email)
  await field(page, 'Mot de passe').fill(PASSWORD)
  await field(page, 'Mot de passe, une seconde fois').fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await button(page, 'Créer mon compte').click()
  await page.getByRole('heading', { level: 1, name: 'Vérifiez votre boîte mail' }).waitFor()
  // The local mailbox page, as the start message says.
  await page.goto(url(`/dev/boite-mail?to=${encodeURIComponent(email)}`))
  await page.getByRole('heading', { level: 1, name: 'Boîte de réception locale' }).waitFor()
  await page
    .getByRole('link', { name: /\/confirm-email\?token_hash=/ })
    .first()
    .click()
  await page.getByRole('heading', { level: 1, name: 'Adresse e-mail confirmée' }).waitFor()
  await page.getByRole('link', { name: 'Accéder à mon espace' }).click()
  await page.waitForURL(url('/espace'))
  await page.locator('.account__greeting').filter({ hasText: email }).waitFor({ state: 'attached' })
}

async function accessToken(page: Page): Promise<string> {
  const stored = await inPage(page, `localStorage.getItem('sb-127-auth-token')`)
  return (JSON.parse(String(stored)) as { access_token: string }).access_token
}

t.test('sign up, confirm, profile, quote, send; the client signs; sealed PDF; « Signé »; another account sees 404', async (t) => {
  t.match(ready, `› Paraphe is ready on ${origin}/`, 'the address, once the port answers')
  t.match(ready, `the local mailbox at ${origin}/dev/boite-mail`, 'and where the e-mails are')

  const pro = `artisan-${Date.now().toString(36)}@example.fr`
  const { page, record } = await openPage(browser, t)
  await signUpAndConfirm(page, pro)

  await gotoHydrated(page, url('/espace/profil'))
  await page.getByRole('heading', { level: 1, name: 'Profil de l’entreprise' }).waitFor()
  await fillProfile(page)
  await button(page, 'Enregistrer le profil').click()
  await page.getByRole('status').filter({ hasText: 'Profil enregistré.' }).waitFor()

  await gotoHydrated(page, url('/espace'))
  const id = await newQuote(page)
  await fillClient(page)
  await waitForSaved(page, () =>
    fillLine(page, 0, { description: 'Remplacement du chauffe-eau', quantity: '1', unit: 'forfait', price: '890', vatBp: 1000 })
  )
  await button(page, 'Envoyer le devis').click()
  await button(page, 'Confirmer l’envoi').click()
  await page.getByRole('heading', { level: 2, name: 'Devis envoyé' }).waitFor()
  const number = normalizeSpace(await page.getByRole('heading', { level: 1 }).innerText()).replace(/^Devis /, '')

  // The client, in another browser, from the e-mail in the local mailbox.
  const client = await openPage(browser, t)
  const signingLink = await mailboxLink(origin, CLIENT, '/SignatureDevis')
  await gotoHydrated(client.page, signingLink)
  await client.page.getByRole('heading', { level: 1, name: `Devis n° ${number}` }).waitFor()
  await field(client.page, 'Vos nom et prénom').fill('Inès Dupont')
  await field(client.page, /^J’ai lu le devis n° DEV-\d{4}-\d{4} et j’en accepte le contenu, le prix et les conditions\.$/).check()
  await field(client.page, 'Recopiez la mention « Bon pour accord »').fill('Bon pour accord')
  if ((await field(client.page, 'Devis reçu avant l’exécution des travaux').count()) > 0)
    await field(client.page, 'Devis reçu avant l’exécution des travaux').check()
  await field(client.page, 'Utiliser mon nom comme signature (sans dessin)').check()
  await button(client.page, 'Signer le devis').click()
  await client.page.getByRole('heading', { level: 1, name: 'Devis signé' }).waitFor()
  const [download] = await Promise.all([
    client.page.waitForEvent('download'),
    client.page.getByRole('link', { name: 'Télécharger le devis signé (PDF)', exact: true }).click()
  ])
  const report = await pdfsig(await readFile(await download.path()))
  t.equal(report.signatures.length, 1)
  t.match(report.signatures[0], { valid: true, totalDocumentSigned: true }, 'pdfsig: the seal is valid and covers the whole document')
  t.same(problemsOf(client.record), [], `client: ${CLEAN}`)

  await gotoHydrated(page, url(`/espace/devis/${id}`))
  await page
    .locator('.quote-page__status')
    .filter({ hasText: /^Signé/ })
    .waitFor()
  t.pass('the professional sees « Signé »')
  t.same(problemsOf(record), [], `professional: ${CLEAN}`)

  // Another account: the quote does not exist for it.
  const other = await openPage(browser, t)
  await signUpAndConfirm(other.page, `voisin-${Date.now().toString(36)}@example.fr`)
  const response = await fetch(url(`/api/quotes/${id}`), { headers: { authorization: `Bearer ${await accessToken(other.page)}` } })
  t.equal(response.status, 404, 'another account’s quote is 404')
  const own = await fetch(url(`/api/quotes/${id}`), { headers: { authorization: `Bearer ${await accessToken(page)}` } })
  t.equal(own.status, 200, 'while its owner reads it')
})
