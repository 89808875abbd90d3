// The sign-in's second step in a DOM, against the gateway's own accounts (supabase-js on /auth/v1):
// a right password on an account with a second factor asks for the authenticator's code (an empty
// or wrong code refused in French), or a recovery code instead; cancelling signs out; a session
// opened with the password alone still owes the code; a member whose company requires the factor
// and who has none is sent to « Sécurité »; a wrong password is refused in French.
import './dom/register.js'
import t, { type Test } from 'tap'
import { screen } from '@testing-library/dom'
import { paths } from '@paraphe/shared/paths'
import { getSupabase } from '@/lib/supabase'
import { teamApi } from '@/features/team/api/team-api'
import { teamTwoFactorApi } from '@/features/security/api/team-two-factor-api'
import { Component as LoginPage } from '@/features/auth/routes/login'
import { currentLocation, press, renderPage, textOf, typeInto, untilText, waitForLocation } from './dom/page.js'
import { PASSWORD, startOwnAccounts, totpCode, withoutRecoveryCodes, type Account } from './dom/own-accounts.js'

const accounts = await startOwnAccounts(t)
const { api, config } = accounts
const OTHER_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

// One browser for the whole file: each test starts signed out.
t.beforeEach(async () => {
  await (await getSupabase(accounts.anonKey)).auth.signOut({ scope: 'local' })
})

/** The sign-in page at `at`, the form filled for `account` and sent. */
async function signInAs(t: Test, account: Account, at: string = paths.login.href(), password = PASSWORD): Promise<void> {
  t.teardown(renderPage(<LoginPage />, { api, userId: null, at, config }))
  await screen.findByLabelText('Adresse e-mail')
  typeInto('Adresse e-mail', account.email)
  typeInto('Mot de passe', password)
  await press('Se connecter')
}

t.test('the authenticator’s code after the password: empty and wrong codes refused, then in', async (t) => {
  const user = await accounts.account('deux-etapes')
  const secret = await accounts.withFactor(user)
  await signInAs(t, user, paths.login.href('/espace/devis'))
  t.ok(await screen.findByRole('heading', { name: 'Vérification en deux étapes' }))
  await untilText('Votre mot de passe est correct.')

  await press('Valider')
  await untilText('Saisissez le code à 6 chiffres de votre application.')
  t.equal(document.activeElement, screen.getByLabelText('Code de vérification'), 'the field is focused')
  typeInto('Code de vérification', totpCode(OTHER_SECRET))
  await press('Valider')
  await untilText('Ce code ne convient pas, ou il a déjà servi.')

  typeInto('Code de vérification', totpCode(secret, 1))
  await press('Valider')
  await waitForLocation('/espace/devis')
  const { data } = await (await getSupabase(accounts.anonKey)).auth.mfa.getAuthenticatorAssuranceLevel()
  t.equal(data?.currentLevel, 'aal2', 'the session has proved the second factor')
})

t.test('a recovery code instead: empty and wrong ones refused, a right one lets in', async (t) => {
  const user = await accounts.account('secours')
  await accounts.withFactor(user)
  const made = await user.call('POST', '/auth/v1/paraphe/recovery-codes')
  const [code] = made.json.codes as string[]
  await signInAs(t, user)
  await press('Utiliser un code de secours')
  await untilText('Saisissez l’un des codes de secours notés à l’activation.')
  await press('Valider')
  await untilText('Saisissez un code de secours.')
  typeInto('Code de secours', 'ABCD-EFGH-IJKL')
  await press('Valider')
  t.match(
    textOf(await screen.findByRole('alert')),
    'Ce code de secours ne convient pas, ou il a déjà servi.',
    'a wrong recovery code is refused in French, as a recovery code'
  )

  await press('Utiliser le code de l’application')
  t.ok(screen.getByLabelText('Code de vérification'), 'back to the authenticator’s code')
  await press('Utiliser un code de secours')
  typeInto('Code de secours', code ?? '')
  await press('Valider')
  await waitForLocation(paths.account.href())
  const left = await user.call('GET', '/auth/v1/paraphe/recovery-codes')
  t.equal(left.json.remaining, 9, 'the code served once')
})

t.test('cancelling the second step signs out', async (t) => {
  const user = await accounts.account('annule')
  await accounts.withFactor(user)
  await signInAs(t, user)
  await press('Annuler et se déconnecter')
  await untilText('Vous êtes déconnecté. À bientôt !')
  t.ok(screen.getByRole('button', { name: 'Se connecter' }), 'the form is back')
})

t.test('a session opened with the password alone still owes the code; without recovery codes on a Supabase project', async (t) => {
  const user = await accounts.account('reprise')
  await accounts.withFactor(user)
  await accounts.signInPage(user.email)
  const asked = withoutRecoveryCodes(t)
  t.teardown(renderPage(<LoginPage />, { api, userId: null, config: { ...config, ownAccounts: false } }))
  t.ok(await screen.findByRole('heading', { name: 'Vérification en deux étapes' }))
  // The gateway was asked whether it keeps codes for this Supabase project: it cannot reach its tables.
  await asked
  t.notOk(screen.queryByRole('button', { name: 'Utiliser un code de secours' }), 'no recovery codes there')
})

t.test('on a Supabase project whose tables the gateway reaches, a recovery code is offered', async (t) => {
  const user = await accounts.account('projet')
  await accounts.withFactor(user)
  await accounts.signInPage(user.email)
  t.teardown(renderPage(<LoginPage />, { api, userId: null, config: { ...config, ownAccounts: false } }))
  t.ok(await screen.findByRole('heading', { name: 'Vérification en deux étapes' }))
  t.ok(await screen.findByRole('button', { name: 'Utiliser un code de secours' }), 'the gateway said it keeps them')
})

t.test('a member whose company requires the second factor and who has none: sent to « Sécurité »', async (t) => {
  const owner = await accounts.account('exigeante')
  await accounts.withFactor(owner)
  await accounts.subscribe(owner, 'entreprise')
  const member = await accounts.account('nouveau')
  await teamApi.invite(owner.api, member.email)
  await teamApi.accept(member.api, await accounts.gateway.invitationToken(member.email))
  await teamTwoFactorApi.set(owner.api, true)
  await signInAs(t, member, paths.login.href('/espace/devis'))
  await waitForLocation(paths.security.href())
  t.equal(currentLocation(), paths.security.href(), 'not the page asked for: the second factor first')
})

t.test('the company’s rule cannot be read: the sign-in still leads to the page asked for', async (t) => {
  const user = await accounts.account('sans-regle')
  const working = globalThis.fetch
  globalThis.fetch = (input, init) =>
    String(input).includes('/api/company/two-factor') ? Promise.reject(new TypeError('fetch failed')) : working(input, init)
  t.teardown(() => {
    globalThis.fetch = working
  })
  await signInAs(t, user, paths.login.href('/espace/factures'))
  await waitForLocation('/espace/factures')
  t.equal(currentLocation(), '/espace/factures')
})

t.test('an account without a second factor goes straight in; back on the page it is « déjà connecté »', async (t) => {
  const user = await accounts.account('simple')
  await signInAs(t, user, paths.login.href('/espace/clients'))
  await waitForLocation('/espace/clients')

  t.teardown(renderPage(<LoginPage />, { api, userId: null, config }))
  t.ok(await screen.findByRole('heading', { name: 'Vous êtes déjà connecté' }))
  await untilText(`Vous êtes connecté avec l’adresse ${user.email}.`)
  await press('Se déconnecter')
  await untilText('Vous êtes déconnecté. À bientôt !')
})

t.test('a wrong password: refused in French, still signed out', async (t) => {
  const user = await accounts.account('oubli')
  await signInAs(t, user, paths.login.href(), 'pas le bon mot de passe')
  t.match(textOf(await screen.findByRole('alert')), /mot de passe/i)
  t.equal((await (await getSupabase(accounts.anonKey)).auth.getSession()).data.session, null)
})
