// Companies with members in Chromium: the owner (Entreprise) invites a colleague from the team
// page; the colleague, signed in, opens the e-mail's link and joins; both see the same quote; the owner removes the colleague, whose next visit finds nothing.
// Axe-clean at 1280 and 360 px on the team page and the invitation page.
import t from 'tap'
import { COMPLETE_PROFILE, completeContent, subscribe } from '../../../gateway/test/support/workspace-users.js'
import { parisIsoDate } from '@paraphe/shared/dates'
import {
  axe,
  axeBothWidths,
  button,
  CLEAN,
  DESKTOP,
  emailFactory,
  gotoHydrated,
  normalizeSpace,
  openPage,
  openSettings,
  PHONE,
  problemsOf,
  startAuthStack
} from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'

const SECRET = 'team-tests-jwt-secret-0123456789-abcdefghij'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()
const TITLE = completeContent(parisIsoDate(new Date())).title

/** The link of the invitation e-mail (no SMTP here: the message waits in the outbox), on this gateway. */
async function invitationLink(to: string): Promise<string> {
  const { rows } = await gateway.app.db.query<{ text_body: string }>(
    `select text_body from paraphe.outbox where kind = 'company-invitation' and recipient = $1 order by id desc limit 1`,
    [to]
  )
  const link = /https?:\/\/\S+\/espace\/invitation\?token=[A-Za-z0-9_-]{43}/.exec(rows[0]?.text_body ?? '')?.[0]
  if (link === undefined) throw new Error(`no invitation e-mail to ${to}`)
  // The e-mail names PUBLIC_URL; this test's gateway listens on a port of its own.
  const url = new URL(link)
  return gateway.url(`${url.pathname}${url.search}`)
}

t.test('the owner invites, the colleague joins from the link, both share a quote, the owner removes them', async (t) => {
  const ownerEmail = newEmail('proprietaire')
  const ownerId = standIn.createUser({ email: ownerEmail, password: PASSWORD })
  await subscribe(gateway.app.db, ownerId, 'entreprise')
  const owner = await openPage(browser, t, DESKTOP)
  await signIn(owner.page, gateway.url, ownerEmail, PASSWORD)
  const token = await accessToken(owner.page)
  await callApi(gateway.url, token, 'PUT', '/api/profile', COMPLETE_PROFILE)
  const quote = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
      content: completeContent(parisIsoDate(new Date()))
    })
  ).quote

  // The team page: invite by e-mail.
  await openSettings(owner.page, 'Équipe')
  await owner.page.getByRole('heading', { level: 1, name: 'Équipe' }).waitFor()
  await owner.page.locator('.team-seats').filter({ hasText: '1 utilisateur sur 5' }).waitFor()
  await button(owner.page, 'Inviter').click()
  t.equal(
    normalizeSpace(await owner.page.locator('#invite-email-error').innerText()),
    'Saisissez l’adresse e-mail de la personne à inviter.',
    'an empty address is explained'
  )
  const colleagueEmail = newEmail('collegue')
  await owner.page.getByLabel('Adresse e-mail').fill(colleagueEmail)
  await button(owner.page, 'Inviter').click()
  await owner.page
    .getByRole('status')
    .filter({ hasText: `Invitation envoyée à ${colleagueEmail}.` })
    .waitFor()
  await owner.page.locator('.team-list__item').filter({ hasText: colleagueEmail }).waitFor()
  t.match(
    normalizeSpace(await owner.page.locator('.team-seats').innerText()),
    /2 utilisateurs sur 5 \(dont 1 invitation en attente\)/,
    'the pending invitation holds a seat'
  )
  await axeBothWidths(t, owner.page, 'the team page with an invitation')

  // The colleague, already signed in, follows the e-mail's link: the invitation and « Rejoindre ».
  // (Signing in or up from the link joins at once: web/test/browser/every-user-sees.test.ts.)
  standIn.createUser({ email: colleagueEmail, password: PASSWORD })
  const colleague = await openPage(browser, t, PHONE)
  await signIn(colleague.page, gateway.url, colleagueEmail, PASSWORD)
  const link = await invitationLink(colleagueEmail)
  await colleague.page.goto(link)
  const join = colleague.page.getByRole('button', { name: `Rejoindre ${COMPLETE_PROFILE.companyName}` })
  await join.waitFor()
  t.match(
    normalizeSpace(await colleague.page.locator('.invitation-page').innerText()),
    new RegExp(`envoyée à ${colleagueEmail.replace(/[.+]/g, '\\$&')}`),
    'the page names the invited address'
  )
  t.same(await axe(colleague.page), [], 'axe at 360 px: the invitation page')
  await join.click()
  await colleague.page.waitForURL(gateway.url('/espace'))
  await colleague.page
    .getByRole('link', { name: new RegExp(TITLE) })
    .first()
    .waitFor()
  t.pass('the colleague lists the owner’s quote')

  // The owner sees the member, then removes them (a confirmation first).
  await owner.page.reload()
  const row = owner.page.locator('.team-list__item').filter({ hasText: colleagueEmail })
  await row.filter({ hasText: 'Membre' }).waitFor()
  await owner.page.getByRole('button', { name: `Retirer ${colleagueEmail}` }).click()
  await button(owner.page, `Confirmer le retrait de ${colleagueEmail}`).click()
  await owner.page
    .getByRole('status')
    .filter({ hasText: `${colleagueEmail} ne fait plus partie de l’entreprise.` })
    .waitFor()
  t.equal(await owner.page.locator('.team-list__item').filter({ hasText: colleagueEmail }).count(), 0, 'gone from the list')

  // The colleague's next visit: the quote no longer exists for them.
  await colleague.page.goto(gateway.url(`/espace/devis/${quote.id}`))
  await colleague.page.getByText('Ce devis n’existe pas, ou il appartient à un autre compte.').waitFor()
  t.pass('the removed colleague no longer opens the quote')
  t.same(problemsOf(owner.record), [], CLEAN)
  const allow404 = {
    allowHttp: (problem: { status: number; url: string }) => problem.status === 404 && problem.url.includes('/api/quotes/')
  }
  t.same(
    problemsOf(colleague.record, { ...allow404, allowConsole: (entry) => /Failed to load resource: .*\b404\b/.test(entry.text) }),
    [],
    CLEAN
  )
})

t.test('a Découverte account sees the Entreprise badge instead of an invitation form', async (t) => {
  const email = newEmail('solo')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await gotoHydrated(page, gateway.url('/espace/equipe'))
  await page.locator('.team-seats').filter({ hasText: 'Formule Découverte' }).waitFor()
  t.equal(await page.locator('.team-card .badge--plan').innerText(), 'Entreprise')
  t.equal(await page.getByLabel('Adresse e-mail').count(), 0, 'no form that would fail later')
  await axeBothWidths(t, page, 'the team page on Découverte')
  t.same(problemsOf(record), [], CLEAN)
})
