// What every user meets first (issue 26, part A), in Chromium on the embedded accounts with the
// in-process SMTP server: a new person joins the inviting company from the invitation e-mail in
// five actions at most (open the link, « Créer un compte », the password typed once, accept the
// terms, submit: the invitation's link proved the address, no confirmation e-mail) and lands in
// that company; an existing account joins by signing in from
// the link; the send confirmation fits the window at 360, 1 024, 1 280 and 1 920 px (boxes and
// scroll widths compared by script); the company's name is whole in the signing page's header at
// 360 px, with and without a logo; a signed quote says « Signé le … par … » and offers the signed
// PDF; the dashboard shows five views of a quote as one line. Axe-clean at 1 280 and 360 px.
import t from 'tap'
import type { Page } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import { makePng } from '../../../gateway/test/pdf/quote-fixtures.js'
import { testDatabase } from '../../../gateway/test/support/databases.js'
import { freePort } from '../../../gateway/test/support/free-port.js'
import { signBody } from '../../../gateway/test/support/sent-quotes.js'
import { startSmtpServer, type ReceivedMail } from '../../../gateway/test/support/smtp-server.js'
import { COMPLETE_PROFILE, completeContent, subscribe } from '../../../gateway/test/support/workspace-users.js'
import {
  axe,
  axeBothWidths,
  button,
  CLEAN,
  DESKTOP,
  emailFactory,
  field,
  gotoHydrated,
  normalizeSpace,
  openPage,
  PHONE,
  problemsOf,
  sharedBrowser,
  startGateway
} from './harness.js'
import { accessToken, callApi } from './workspace-steps.js'

t.setTimeout(600_000)
const PASSWORD = 'une phrase de passe solide'
const COMPANY = 'Plomberie Chauffage Durand et Fils'
const PROFILE = { ...COMPLETE_PROFILE, companyName: COMPANY }
const smtp = await startSmtpServer()
t.teardown(() => smtp.stop())
const port = await freePort()
const gateway = await startGateway(
  {
    NODE_ENV: 'development',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port)
  },
  port,
  { database: await testDatabase('pglite') }
)
t.teardown(() => gateway.close())
const browser = await sharedBrowser(t)
const newEmail = emailFactory()

/** The first link to `pathname` in the latest e-mail to `to` that has one (waits for it). */
async function mailedLink(to: string, pathname: string): Promise<string> {
  const linkIn = (mail: ReceivedMail) =>
    [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]).find((href) => new URL(href).pathname === pathname)
  const found = (messages: ReceivedMail[]) => messages.filter((mail) => mail.envelope.to.includes(to) && linkIn(mail) !== undefined).at(-1)
  const mail = found(await smtp.waitFor((messages) => found(messages) !== undefined, 60_000)) as ReceivedMail
  return linkIn(mail) as string
}

/** A professional who signed up and confirmed, signed in on `page`: their token and id. */
async function professional(page: Page, email: string): Promise<{ token: string; id: string }> {
  await gotoHydrated(page, gateway.url('/inscription'))
  await field(page, 'Adresse e-mail').fill(email)
  await field(page, 'Mot de passe').fill(PASSWORD)
  await field(page, 'Mot de passe, une seconde fois').fill(PASSWORD)
  await page.getByRole('checkbox').check()
  await button(page, 'Créer mon compte').click()
  await page.getByRole('heading', { level: 1, name: 'Vérifiez votre boîte mail' }).waitFor()
  await page.goto(await mailedLink(email, '/confirm-email'))
  await page.getByRole('link', { name: 'Accéder à mon espace' }).click()
  await page.waitForURL(gateway.url('/espace'))
  const token = await accessToken(page)
  const id = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub
  return { token, id }
}

async function companyOf(email: string): Promise<string | undefined> {
  const { rows } = await gateway.app.db.query<{ company_id: string }>(
    'select company_id from paraphe.company_members where lower(email) = lower($1)',
    [email]
  )
  return rows[0]?.company_id
}

const ownerPage = await openPage(browser, t, DESKTOP)
const ownerEmail = newEmail('proprietaire')
const owner = await professional(ownerPage.page, ownerEmail)
await subscribe(gateway.app.db, owner.id, 'entreprise')
await callApi(gateway.url, owner.token, 'PUT', '/api/profile', PROFILE)
const content = () => {
  const base = completeContent(parisIsoDate(new Date()))
  return { ...base, client: { ...base.client, address: '5 place Antonin-Poncet, bâtiment B, 3e étage\n69002 Lyon' } }
}
const draft = (await callApi<{ quote: { id: string } }>(gateway.url, owner.token, 'POST', '/api/quotes', { content: content() })).quote
const ownerCompany = await companyOf(ownerEmail)

t.test('a new person joins the inviting company from the e-mail in five actions at most', async (t) => {
  const invited = newEmail('nouvelle')
  await callApi(gateway.url, owner.token, 'POST', '/api/company/invitations', { email: invited })
  const invitation = await mailedLink(invited, '/espace/invitation')
  const { page, record } = await openPage(browser, t, DESKTOP)
  let actions = 0

  actions++ // 1. the link of the e-mail
  await page.goto(invitation)
  await page.waitForURL(/\/connexion\?redirectTo=/)
  await page.getByRole('heading', { level: 1, name: `Rejoindre ${COMPANY}` }).waitFor()
  const intro = normalizeSpace(await page.locator('.invitation-intro').innerText())
  t.match(intro, `${ownerEmail} vous invite à rejoindre ${COMPANY}`, 'the page says who invites to which company')
  t.match(intro, `envoyée à ${invited}`, 'and to which address')
  t.equal(await field(page, 'Adresse e-mail').inputValue(), invited, 'the sign-in form offers the invited address')
  await axeBothWidths(t, page, 'the sign-in page of an invitation')

  actions++ // 2. « Créer un compte »
  await page.locator('#contenu').getByRole('link', { name: 'Créer un compte', exact: true }).click()
  await page.waitForURL(/\/inscription\?redirectTo=/)
  const email = field(page, 'Adresse e-mail')
  await page.waitForFunction((address) => (document.getElementById('signup-email') as HTMLInputElement | null)?.value === address, invited)
  t.equal(await email.getAttribute('readonly'), '', 'the invited address, fixed')
  t.match(normalizeSpace(await page.locator('.invitation-intro').innerText()), COMPANY)
  await axeBothWidths(t, page, 'the sign-up page of an invitation')
  t.equal(await field(page, 'Mot de passe, une seconde fois').count(), 0, 'the password asked once')
  actions++ // 3. the password
  await field(page, 'Mot de passe').fill(PASSWORD)
  actions++ // 4. the terms
  await page.getByRole('checkbox').check()
  actions++ // 5. « Créer mon compte »: signed in and joined at once
  await button(page, 'Créer mon compte').click()
  await page.waitForURL(gateway.url('/espace'), { timeout: 60_000 })
  await page
    .getByRole('link', { name: /Rénovation de la salle de bains/ })
    .first()
    .waitFor()
  t.ok(actions <= 5, `${actions} actions from the e-mail to the company`)
  t.same(
    (await gateway.app.db.query<{ kind: string }>('select kind from paraphe.outbox where recipient = $1', [invited])).rows.map(
      (row) => row.kind
    ),
    ['company-invitation'],
    'one e-mail, the invitation: no confirmation asked'
  )
  t.equal(await companyOf(invited), ownerCompany, 'a member of the inviting company')
  t.equal(await page.getByText('complétez votre profil d’entreprise').count(), 0, 'not asked for a company profile of her own')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('an existing account signing in from the link joins too', async (t) => {
  const existing = newEmail('existante')
  const before = await openPage(browser, t, DESKTOP)
  await professional(before.page, existing)
  t.not(await companyOf(existing), ownerCompany, 'first in a company of her own, empty')
  await callApi(gateway.url, owner.token, 'POST', '/api/company/invitations', { email: existing })
  const { page, record } = await openPage(browser, t, PHONE)
  await page.goto(await mailedLink(existing, '/espace/invitation'))
  await page.getByRole('heading', { level: 1, name: `Rejoindre ${COMPANY}` }).waitFor()
  await page.waitForFunction((address) => (document.getElementById('login-email') as HTMLInputElement | null)?.value === address, existing)
  await field(page, 'Mot de passe').fill(PASSWORD)
  await button(page, 'Se connecter').click()
  await page.waitForURL(gateway.url('/espace'), { timeout: 60_000 })
  await page
    .getByRole('link', { name: /Rénovation de la salle de bains/ })
    .first()
    .waitFor()
  t.equal(await companyOf(existing), ownerCompany, 'she joined on signing in, no « Rejoindre » to find')
  t.same(problemsOf(record), [], CLEAN)
  t.same(problemsOf(before.record), [], CLEAN)
})

/** Every element of the dialog inside the window and the dialog, and no text cut (scroll width beyond its box). */
const CLIPPED = `(() => {
  const dialog = document.querySelector('.send-dialog')
  if (dialog === null || !dialog.open) return ['no open dialog']
  const box = dialog.getBoundingClientRect()
  const problems = []
  if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight) problems.push('the dialog leaves the window')
  if (dialog.scrollWidth > dialog.clientWidth) problems.push('the dialog scrolls sideways')
  for (const element of dialog.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect()
    if (rect.width === 0 && rect.height === 0) continue
    const name = element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '')
    if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) problems.push(name + ' overflows the dialog')
    if (rect.left < 0 || rect.right > innerWidth || rect.top < 0 || rect.bottom > innerHeight) problems.push(name + ' leaves the window')
    if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible') problems.push(name + ' is cut')
    if (element.scrollWidth > element.clientWidth + 1 && element.children.length === 0) problems.push(name + ' text wider than its box')
  }
  return problems
})()`

t.test('the send confirmation is whole at 360, 1 024, 1 280 and 1 920 px', async (t) => {
  const page = ownerPage.page
  for (const [width, height] of [
    [1024, 768],
    [1280, 800],
    [1920, 1080],
    [360, 740]
  ] as const) {
    await page.setViewportSize({ width, height })
    await gotoHydrated(page, gateway.url(`/espace/devis/${draft.id}`))
    await page.locator('#quote-send').click()
    const dialog = page.getByRole('dialog', { name: 'Envoyer ce devis ?' })
    await dialog.waitFor()
    const text = normalizeSpace(await dialog.innerText())
    t.match(text, /Montant 1 344,13 € TTC \(1 177,40 € HT\)/, `${width} px: the amounts with their €`)
    t.match(text, /5 place Antonin-Poncet, bâtiment B, 3e étage 69002 Lyon/, `${width} px: the client's address`)
    t.match(text, /elise\.martin@example\.org/, `${width} px: the recipient`)
    t.same(await page.evaluate(CLIPPED), [], `${width} px: nothing overflows the window or the dialog, no text cut`)
    if (width === 1280 || width === 360) t.same(await axe(page), [], `axe at ${width} px: the send confirmation`)
    await dialog.getByRole('button', { name: 'Annuler', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    t.equal(
      await page.evaluate(() => document.activeElement?.id),
      'quote-send',
      `${width} px: « Annuler » gives the focus back to the button`
    )
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  t.same(problemsOf(ownerPage.record), [], CLEAN)
})

/** The header's name: whole (its text not cut), inside the window, and clear of « Signature électronique sécurisée ». */
const NAME_WHOLE = `(() => {
  const name = document.querySelector('.site-header__brand-name')
  const secure = document.querySelector('.site-header__secure')
  const a = name.getBoundingClientRect()
  const b = secure.getBoundingClientRect()
  const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
  return { text: name.textContent, cut: name.scrollWidth > name.clientWidth, inside: a.left >= 0 && a.right <= innerWidth, apart }
})()`

t.test('the company’s name is whole on the signing page at 360 px, with a logo (paid plan) and without (free)', async (t) => {
  const upload = await fetch(gateway.url('/api/profile/logo'), {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/png' },
    body: Buffer.from(makePng(120, 40))
  })
  t.equal(upload.status, 200, 'the paid company has a logo')
  const paid = (await callApi<{ signingUrl: string }>(gateway.url, owner.token, 'POST', `/api/quotes/${draft.id}/send`)).signingUrl
  // The same company back on the free plan: its next quote has no logo.
  await gateway.app.db.query('delete from paraphe.subscriptions where company_id = $1', [ownerCompany])
  const second = (await callApi<{ quote: { id: string } }>(gateway.url, owner.token, 'POST', '/api/quotes', { content: content() })).quote
  const free = (await callApi<{ signingUrl: string }>(gateway.url, owner.token, 'POST', `/api/quotes/${second.id}/send`)).signingUrl
  const { page, record } = await openPage(browser, t, PHONE)
  for (const [plan, link, logos] of [
    ['paid', paid, 1],
    ['free', free, 0]
  ] as const) {
    const url = new URL(link)
    await gotoHydrated(page, gateway.url(`${url.pathname}${url.search}`))
    // The first view of a sent quote draws its PDF (its hash is signed): long on a busy machine.
    await page.locator('.site-header__brand-name').filter({ hasText: COMPANY }).waitFor({ timeout: 180_000 })
    await page.getByRole('button', { name: 'Continuer' }).waitFor({ timeout: 180_000 })
    t.equal(await page.locator('.site-header__company-logo').count(), logos, `${plan}: ${logos === 1 ? 'with' : 'without'} the logo`)
    t.same(
      await page.evaluate(NAME_WHOLE),
      { text: COMPANY, cut: false, inside: true, apart: true },
      `${plan}: the name whole at 360 px, « Signature électronique sécurisée » out of its way`
    )
    t.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, `${plan}: no sideways scrolling`)
    await axeBothWidths(t, page, `the signing page, ${plan} plan`)
    await page.setViewportSize({ width: 360, height: 740 })
  }
  t.same(problemsOf(record), [], CLEAN)

  // Signed after five visits: the professional's quote page and dashboard say so.
  const token = new URL(paid).searchParams.get('token') ?? ''
  for (let visitor = 0; visitor < 5; visitor++)
    await fetch(gateway.url(`/api/sign/${token}`), { headers: { 'x-signing-visitor': `visiteur-${String(visitor).padStart(4, '0')}` } })
  const view = (await (await fetch(gateway.url(`/api/sign/${token}`))).json()) as { documentSha256: string }
  const signed = await fetch(gateway.url(`/api/sign/${token}/sign`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signBody(view.documentSha256))
  })
  t.equal(signed.status, 200, 'the client signs')
  const pro = ownerPage.page
  await gotoHydrated(pro, gateway.url(`/espace/devis/${draft.id}`))
  const line = pro.locator('.quote-page__signed')
  await line.waitFor()
  t.match(
    normalizeSpace(await line.innerText()),
    /^Signé le \d{1,2} \p{L}+ \d{4} à \d{2}:\d{2} par Élise Martin$/u,
    '« Signé le … par … » at the top'
  )
  await button(pro, 'Télécharger le devis signé').waitFor()
  t.equal(await pro.locator('.quote-actions .button--primary').first().innerText(), 'Télécharger le devis signé', 'the main button')
  await axeBothWidths(t, pro, 'a signed quote')
  await gotoHydrated(pro, gateway.url('/espace'))
  const activity = pro.locator('.dashboard__activity li')
  await activity.first().waitFor()
  // The paid quote (the first sent) was opened on the phone above, then by five more visitors.
  const lines = (await activity.allInnerTexts())
    .map(normalizeSpace)
    .filter((text) => /DEV-\d{4}-0001/.test(text) && text.includes('consulté'))
  t.equal(lines.length, 1, 'its views: one line')
  const times = Number(/\((\d+) fois, dernière le \d{1,2} \p{L}+ \d{4}\)/u.exec(lines[0] ?? '')?.[1] ?? 0)
  t.ok(times >= 5, `with the count (${times} fois) and the last time`)
  t.same(problemsOf(ownerPage.record), [], CLEAN)
})
