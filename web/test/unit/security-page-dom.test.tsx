// « Sécurité » in a DOM, against the gateway's own accounts (supabase-js on /auth/v1): turning the
// second factor on with an authenticator's code (a malformed or wrong code refused in French, the
// recovery codes shown once), off with a current code; the open sessions listed and closed; an
// Entreprise owner requiring the second factor of the team; a page that cannot load says why.
import './dom/register.js'
import t from 'tap'
import assert from 'node:assert/strict'
import { screen, waitFor, within } from '@testing-library/dom'
import { Component as SecurityPage } from '@/features/security/routes/security'
import { teamApi } from '@/features/team/api/team-api'
import { teamTwoFactorApi } from '@/features/security/api/team-two-factor-api'
import { press, renderPage, textOf, typeInto, untilText } from './dom/page.js'
import { startOwnAccounts, totpCode, withoutRecoveryCodes } from './dom/own-accounts.js'

const accounts = await startOwnAccounts(t)
const { api, config } = accounts
const twoFactorCard = () => screen.getByRole('region', { name: 'Double authentification' })

/** A secret of another authenticator: its codes are well formed and wrong. */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const OTHER_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

t.test('turning the second factor on: the key, a wrong code refused, the recovery codes shown once', async (t) => {
  const user = await accounts.account('active')
  await accounts.signInPage(user.email)
  t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config }))

  await press('Activer la double authentification')
  const secret = textOf(await screen.findByText(/./, { selector: '#security-secret' })).trim()
  t.match(secret, /^[A-Z2-7]{32}$/, 'the key to type by hand is shown')
  t.match(screen.getByRole('img').getAttribute('src') ?? '', /^data:image\/svg\+xml/, 'and its QR code')

  typeInto('Code affiché par l’application', '12 34')
  await press('Activer')
  await untilText('Saisissez les 6 chiffres affichés par votre application.')
  t.equal(document.activeElement, screen.getByLabelText('Code affiché par l’application'), 'the field is focused')

  typeInto('Code affiché par l’application', totpCode(OTHER_SECRET))
  await press('Activer')
  await untilText('Ce code ne convient pas, ou il a déjà servi.')

  typeInto('Code affiché par l’application', totpCode(secret))
  await press('Activer')
  await untilText('La double authentification est activée : chaque connexion demandera le code de votre application.')
  const codes = within(await screen.findByRole('list', { name: 'Codes de secours' })).getAllByRole('listitem')
  t.equal(codes.length, 10, 'ten recovery codes, shown this once')
  await untilText(/Activée depuis le/)
  await untilText('Codes de secours restants : 10 sur 10.')
  await press('J’ai noté mes codes')
  await untilText('Notez vos codes de secours maintenant', true)
  t.notOk(screen.queryByRole('list', { name: 'Codes de secours' }), 'gone once noted')
})

t.test('starting then cancelling: back to the offer, nothing enrolled', async (t) => {
  const user = await accounts.account('hesite')
  await accounts.signInPage(user.email)
  t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config }))
  await press('Activer la double authentification')
  await screen.findByText(/./, { selector: '#security-secret' })
  await press('Annuler')
  await press('Activer la double authentification')
  t.notOk(screen.queryByText(/./, { selector: '#security-secret' }), 'the key is no longer shown')
  const factors = await user.call('GET', '/auth/v1/user')
  t.same(
    (factors.json.factors as Array<{ status: string }> | undefined)?.filter((factor) => factor.status === 'verified') ?? [],
    [],
    'no verified factor'
  )
})

t.test('turning it off: a current code asked, a wrong one refused, then off', async (t) => {
  const user = await accounts.account('desactive')
  const secret = await accounts.withFactor(user)
  await accounts.useSession(user)
  t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config }))
  await untilText(/Activée depuis le/)
  t.match(textOf(twoFactorCard()), 'Codes de secours restants : 0 sur 10.', 'none were made for this account')

  await press('Désactiver…')
  await press('Annuler')
  await press('Désactiver…')
  await press('Désactiver la double authentification')
  await untilText('Saisissez les 6 chiffres affichés par votre application.')
  typeInto('Code actuel de votre application', totpCode(OTHER_SECRET))
  await press('Désactiver la double authentification')
  await untilText('Ce code ne convient pas, ou il a déjà servi.')
  t.equal(document.activeElement, screen.getByLabelText('Code actuel de votre application'))

  typeInto('Code actuel de votre application', totpCode(secret, 1))
  await press('Désactiver la double authentification')
  await untilText('La double authentification est désactivée : la connexion ne demande plus que le mot de passe.')
  t.ok(await screen.findByRole('button', { name: 'Activer la double authentification' }), 'it may be turned on again')
})

t.test('new recovery codes: ten shown once, the previous ones void', async (t) => {
  const user = await accounts.account('nouveaux-codes')
  await accounts.withFactor(user)
  await accounts.useSession(user)
  t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config }))
  await untilText('Codes de secours restants : 0 sur 10.')
  await press('Créer de nouveaux codes de secours')
  await untilText('De nouveaux codes de secours sont prêts : les précédents ne fonctionnent plus.')
  const first = within(await screen.findByRole('list', { name: 'Codes de secours' }))
    .getAllByRole('listitem')
    .map((item) => textOf(item).trim())
  t.equal(first.length, 10, 'ten codes, shown this once')
  await untilText('Codes de secours restants : 10 sur 10.')
  await press('J’ai noté mes codes')
  await untilText('Notez vos codes de secours maintenant', true)

  await press('Créer de nouveaux codes de secours')
  const second = within(await screen.findByRole('list', { name: 'Codes de secours' }))
    .getAllByRole('listitem')
    .map((item) => textOf(item).trim())
  t.equal(second.filter((code) => first.includes(code)).length, 0, 'all new')
  const old = await user.call('POST', '/auth/v1/paraphe/recovery-codes/verify', { code: first[0] })
  t.equal(old.status, 422, 'a code of the previous ten no longer works')
})

t.test('the open sessions: this device marked, another one closed, then all the others', async (t) => {
  const user = await accounts.account('sessions')
  const chrome = await accounts.signInFrom(user.email, CHROME)
  await accounts.signInPage(user.email)
  t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config }))
  await untilText('Cet appareil')
  const list = screen.getByRole('region', { name: 'Sessions ouvertes' })
  t.match(textOf(list), 'Firefox sur Windows', 'the sign-up’s device is listed')
  t.match(textOf(list), 'Chrome sur Linux', 'and the other sign-in’s')
  t.match(textOf(list), 'Dernière activité', 'with its last use')
  t.equal(
    within(list).getAllByRole('button', { name: /^Se déconnecter de cet appareil/ }).length,
    2,
    'every device but this one may be signed out'
  )

  await press('Se déconnecter de cet appareil : Firefox sur Windows')
  await untilText('La session « Firefox sur Windows » est fermée : sa prochaine requête sera refusée.')
  await waitFor(() => assert.doesNotMatch(textOf(list), /Firefox sur Windows/))
  t.not((await user.call('GET', '/auth/v1/user')).status, 200, 'the closed session is refused')

  await press('Se déconnecter de tous les autres appareils')
  await untilText('Toutes les autres sessions sont fermées : seul cet appareil reste connecté.')
  await waitFor(() => assert.doesNotMatch(textOf(list), /Chrome sur Linux/))
  t.not((await chrome.call('GET', '/auth/v1/user')).status, 200, 'the other device is signed out too')
  t.match(textOf(list), 'Cet appareil', 'this one stays')
})

t.test(
  'a Supabase project whose tables the gateway cannot reach (no recovery codes): said, the sessions still listed, the factor turned on',
  async (t) => {
    const user = await accounts.account('supabase')
    await accounts.signInPage(user.email)
    void withoutRecoveryCodes(t)
    t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config: { ...config, ownAccounts: false } }))
    // The gateway serves the sessions' list whoever keeps the accounts.
    await untilText('Cet appareil')
    await press('Activer la double authentification')
    const secret = textOf(await screen.findByText(/./, { selector: '#security-secret' })).trim()
    typeInto('Code affiché par l’application', totpCode(secret))
    await press('Activer')
    await untilText('La double authentification est activée')
    await untilText('Les codes de secours ne sont pas proposés sur cette instance : gardez l’accès à votre application.')
    t.notOk(screen.queryByRole('list', { name: 'Codes de secours' }), 'no recovery codes offered')
  }
)

t.test('an Entreprise owner requires the second factor of the team, then no longer', async (t) => {
  const owner = await accounts.account('exige')
  await accounts.withFactor(owner)
  await accounts.subscribe(owner, 'entreprise')
  await accounts.useSession(owner)
  t.teardown(renderPage(<SecurityPage />, { api, userId: owner.id, config }))
  const team = await screen.findByRole('region', { name: 'Équipe' })
  t.match(textOf(team), 'Exigez la double authentification de chaque membre de l’équipe')
  await press('L’exiger de toute l’équipe')
  await untilText('La double authentification est exigée de toute l’équipe.')
  await untilText('Votre entreprise exige la double authentification')
  await press('Ne plus l’exiger')
  await untilText('La double authentification n’est plus exigée de l’équipe.')
  t.ok(await screen.findByRole('button', { name: 'L’exiger de toute l’équipe' }))

  // The plan changed meanwhile: the gateway refuses, said in French.
  await accounts.subscribe(owner, 'pro')
  await press('L’exiger de toute l’équipe')
  t.match(textOf(await screen.findByRole('alert')), /Entreprise/, 'the refusal names the plan that has it')
  await untilText('Exigez la double authentification', true)
})

t.test('an owner without the second factor: the rule waits for theirs; on the Pro plan it is not offered', async (t) => {
  const owner = await accounts.account('sans-code')
  await accounts.subscribe(owner, 'entreprise')
  await accounts.useSession(owner)
  const unmount = renderPage(<SecurityPage />, { api, userId: owner.id, config })
  await untilText('Activez-la d’abord pour vous-même, ci-dessus, puis reconnectez-vous avec son code.')
  t.equal(screen.getByRole<HTMLButtonElement>('button', { name: 'L’exiger de toute l’équipe' }).disabled, true, 'the button waits')
  unmount()

  await accounts.subscribe(owner, 'pro')
  t.teardown(renderPage(<SecurityPage />, { api, userId: owner.id, config }))
  await screen.findByRole('region', { name: 'Sessions ouvertes' })
  t.notOk(screen.queryByRole('region', { name: 'Équipe' }), 'nothing about the team on the Pro plan')
})

t.test('a member of a company that requires it: told, nothing to change', async (t) => {
  const owner = await accounts.account('patronne')
  await accounts.withFactor(owner)
  await accounts.subscribe(owner, 'entreprise')
  const member = await accounts.account('membre')
  await teamApi.invite(owner.api, member.email)
  await teamApi.accept(member.api, await accounts.gateway.invitationToken(member.email))
  await teamTwoFactorApi.set(owner.api, true)
  await accounts.useSession(member)
  t.teardown(renderPage(<SecurityPage />, { api, userId: member.id, config }))
  const team = await screen.findByRole('region', { name: 'Équipe' })
  t.match(textOf(team), 'Votre entreprise exige la double authentification de chacun de ses membres')
  t.notOk(within(team).queryByRole('button'), 'only the owner changes it')
})

t.test('a member of a company that does not require it: no « Équipe » card', async (t) => {
  const owner = await accounts.account('patron')
  await accounts.subscribe(owner, 'entreprise')
  const member = await accounts.account('equipier')
  await teamApi.invite(owner.api, member.email)
  await teamApi.accept(member.api, await accounts.gateway.invitationToken(member.email))
  await accounts.useSession(member)
  t.teardown(renderPage(<SecurityPage />, { api, userId: member.id, config }))
  await screen.findByRole('region', { name: 'Sessions ouvertes' })
  t.notOk(screen.queryByRole('region', { name: 'Équipe' }))
})

t.test('a session opened with the password alone, on an account with a second factor: the code first', async (t) => {
  const user = await accounts.account('mot-de-passe-seul')
  await accounts.withFactor(user)
  await accounts.signInPage(user.email)
  t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config }))
  t.match(
    textOf(await screen.findByRole('alert')),
    'Confirmez d’abord votre connexion avec le code de votre application d’authentification.',
    'said in French'
  )
  t.notOk(screen.queryByRole('region', { name: 'Double authentification' }), 'nothing to change from such a session')
})

t.test('the sessions cannot be read (network down): said, the page does not pretend', async (t) => {
  const user = await accounts.account('hors-ligne')
  await accounts.useSession(user)
  const working = globalThis.fetch
  globalThis.fetch = (input, init) =>
    String(input).includes('/auth/v1/paraphe/sessions') ? Promise.reject(new TypeError('fetch failed')) : working(input, init)
  t.teardown(() => {
    globalThis.fetch = working
  })
  t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config }))
  t.match(textOf(await screen.findByRole('alert')), 'Une erreur inattendue est survenue. Réessayez')
  t.notOk(screen.queryByRole('region', { name: 'Sessions ouvertes' }))
})

t.test('no session at all: said, nothing shown', async (t) => {
  const supabase = await accounts.useSession(await accounts.account('sortie'))
  await supabase.auth.signOut({ scope: 'local' })
  t.teardown(renderPage(<SecurityPage />, { api, userId: null, config }))
  t.match(textOf(await screen.findByRole('alert')), /[a-zé]/)
  t.notOk(screen.queryByRole('region', { name: 'Double authentification' }))
})

t.test('the enrolment refused (network down): said in French, the offer stays', async (t) => {
  const user = await accounts.account('refus')
  await accounts.useSession(user)
  t.teardown(renderPage(<SecurityPage />, { api, userId: user.id, config }))
  await screen.findByRole('region', { name: 'Sessions ouvertes' })
  const working = globalThis.fetch
  globalThis.fetch = (input, init) =>
    String(input).endsWith('/auth/v1/factors') ? Promise.reject(new TypeError('fetch failed')) : working(input, init)
  t.teardown(() => {
    globalThis.fetch = working
  })
  await press('Activer la double authentification')
  t.match(textOf(await within(twoFactorCard()).findByRole('alert')), /[a-zé]/, 'said in French')
  t.notOk(screen.queryByText(/./, { selector: '#security-secret' }), 'no key shown')
  t.ok(screen.getByRole('button', { name: 'Activer la double authentification' }), 'it may be tried again')
})
