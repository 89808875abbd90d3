// The account pages that go through an e-mail, in a DOM against the gateway's own accounts with
// addresses to confirm (the production setting): sign-up (each missing field explained, then
// « Vérifiez votre boîte mail » and a resend), the confirmation link (used, then refused when
// followed twice, with a new one to ask for), the sign-in of an unconfirmed address, « Mot de
// passe oublié » and the reset link, joining a company from its invitation; the network down.
import './dom/register.js'
import t, { type Test } from 'tap'
import assert from 'node:assert/strict'
import { screen, waitFor } from '@testing-library/dom'
import { paths } from '@paraphe/shared/paths'
import { getSupabase } from '@/lib/supabase'
import { teamApi } from '@/features/team/api/team-api'
import { Component as SignupPage } from '@/features/auth/routes/signup'
import { Component as LoginPage } from '@/features/auth/routes/login'
import { Component as ConfirmEmailPage } from '@/features/auth/routes/confirm-email'
import { Component as ForgotPasswordPage } from '@/features/auth/routes/forgot-password'
import { Component as ResetPasswordPage } from '@/features/auth/routes/reset-password'
import { press, renderPage, textOf, typeInto, untilText, waitForLocation } from './dom/page.js'
import { PASSWORD, startOwnAccounts } from './dom/own-accounts.js'

const accounts = await startOwnAccounts(t, { autoconfirm: false })
const { api, config } = accounts
let counter = 0
const newEmail = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.fr`

// One browser for the whole file: each test starts signed out, at the site's root.
t.beforeEach(async () => {
  await (await getSupabase(accounts.anonKey)).auth.signOut({ scope: 'local' })
  accounts.visit('/')
})

/** Renders `page` at `at`, the address bar there too (the link pages read it). */
function open(t: Test, page: React.ReactNode, at: string): void {
  accounts.visit(at)
  t.teardown(renderPage(page, { api, userId: null, at, config }))
}

/** Sends the network's requests whose URL contains `part` to a failure, until the test ends. */
function networkDownFor(t: Test, part: string): void {
  const working = globalThis.fetch
  globalThis.fetch = (input, init) => (String(input).includes(part) ? Promise.reject(new TypeError('fetch failed')) : working(input, init))
  t.teardown(() => {
    globalThis.fetch = working
  })
}

async function signUp(t: Test, email: string): Promise<void> {
  open(t, <SignupPage />, paths.signup.href())
  await screen.findByLabelText('Adresse e-mail')
  typeInto('Adresse e-mail', email)
  typeInto('Mot de passe', PASSWORD)
  typeInto('Mot de passe, une seconde fois', PASSWORD)
  screen.getByRole('checkbox').click()
  await press('Créer mon compte')
  await screen.findByRole('heading', { level: 1, name: 'Vérifiez votre boîte mail' })
}

t.test('sign-up: each missing answer explained and focused, then « Vérifiez votre boîte mail » and a resend', async (t) => {
  open(t, <SignupPage />, paths.signup.href())
  await press('Créer mon compte')
  await untilText('Saisissez votre adresse e-mail.')
  t.equal(document.activeElement, screen.getByLabelText('Adresse e-mail'), 'the first field missing has the focus')
  await untilText('Cochez la case pour accepter les conditions et la politique de confidentialité.')

  const email = newEmail('inscription')
  typeInto('Adresse e-mail', email)
  typeInto('Mot de passe', PASSWORD)
  typeInto('Mot de passe, une seconde fois', 'une autre phrase de passe')
  await press('Créer mon compte')
  await untilText('Les deux mots de passe ne sont pas identiques.')
  t.equal(document.activeElement, screen.getByLabelText('Mot de passe, une seconde fois'))
  typeInto('Mot de passe, une seconde fois', PASSWORD)
  await press('Créer mon compte')
  await untilText('Cochez la case pour accepter')
  t.equal(document.activeElement, screen.getByRole('checkbox'), 'the terms box has the focus')
  screen.getByRole('checkbox').click()
  await press('Créer mon compte')

  t.ok(await screen.findByRole('heading', { level: 1, name: 'Vérifiez votre boîte mail' }))
  await untilText(`Nous avons envoyé un lien de confirmation à ${email}.`)
  t.match(await accounts.linkTo(email), /token_hash=/, 'the confirmation e-mail is queued')
  await press('Renvoyer l’e-mail de confirmation')
  await untilText(`C’est fait : si une inscription attend d’être confirmée pour ${email}, un nouvel e-mail vient de partir.`)
})

t.test('sign-up while the network is down: said in French, the form kept', async (t) => {
  networkDownFor(t, '/auth/v1/signup')
  open(t, <SignupPage />, paths.signup.href())
  await screen.findByLabelText('Adresse e-mail')
  typeInto('Adresse e-mail', newEmail('hors-ligne'))
  typeInto('Mot de passe', PASSWORD)
  typeInto('Mot de passe, une seconde fois', PASSWORD)
  screen.getByRole('checkbox').click()
  await press('Créer mon compte')
  t.match(textOf(await screen.findByRole('alert')), 'Le service de connexion est injoignable pour le moment.')
  t.ok(screen.getByRole('button', { name: 'Créer mon compte' }), 'still on the form')
})

t.test('the confirmation link signs in; a used one is refused, and a new one may be asked', async (t) => {
  const email = newEmail('confirme')
  await signUp(t, email)
  const link = await accounts.linkTo(email)
  open(t, <ConfirmEmailPage />, link)
  t.ok(await screen.findByRole('heading', { level: 1, name: 'Adresse e-mail confirmée' }))
  await untilText(`vous êtes connecté avec l’adresse ${email}`)

  // A link that has served (or expired): the gateway no longer knows its token.
  await (await getSupabase(accounts.anonKey)).auth.signOut({ scope: 'local' })
  open(t, <ConfirmEmailPage />, link.replace(/token_hash=[^&]+/, 'token_hash=deja-servi'))
  t.ok(await screen.findByRole('heading', { level: 1, name: 'Ce lien de confirmation ne fonctionne plus' }))
  await press('Renvoyer l’e-mail de confirmation')
  await untilText('Saisissez votre adresse e-mail.')
  typeInto('Adresse e-mail utilisée pour l’inscription', email)
  await press('Renvoyer l’e-mail de confirmation')
  await untilText(`si une inscription attend d’être confirmée pour ${email}`)
})

t.test('a sign-up on the way to a page: once the address is confirmed, « Continuer » goes there', async (t) => {
  const email = newEmail('abonnement')
  open(t, <SignupPage />, paths.signup.href('/espace/abonnement'))
  await screen.findByLabelText('Adresse e-mail')
  typeInto('Adresse e-mail', email)
  typeInto('Mot de passe', PASSWORD)
  typeInto('Mot de passe, une seconde fois', PASSWORD)
  screen.getByRole('checkbox').click()
  await press('Créer mon compte')
  await screen.findByRole('heading', { level: 1, name: 'Vérifiez votre boîte mail' })
  open(t, <ConfirmEmailPage />, await accounts.linkTo(email))
  await screen.findByRole('heading', { level: 1, name: 'Adresse e-mail confirmée' })
  const next = await screen.findByRole('link', { name: 'Continuer' })
  t.equal(next.getAttribute('href'), '/espace/abonnement', 'the page the sign-up was heading to')
})

t.test('signing in before confirming: said, and the confirmation e-mail sent again from there', async (t) => {
  const email = newEmail('pas-confirme')
  await signUp(t, email)
  open(t, <LoginPage />, paths.login.href())
  await screen.findByLabelText('Adresse e-mail')
  typeInto('Adresse e-mail', email)
  typeInto('Mot de passe', PASSWORD)
  await press('Se connecter')
  await untilText('Votre adresse e-mail n’est pas encore confirmée')
  t.equal((await (await getSupabase(accounts.anonKey)).auth.getSession()).data.session, null, 'not signed in')
  networkDownFor(t, '/auth/v1/resend')
  await press('Renvoyer l’e-mail de confirmation')
  await untilText('Le service de connexion est injoignable pour le moment.')
  t.notMatch(textOf(), 'C’est fait', 'nothing claimed sent')
})

t.test('« Mot de passe oublié » then the reset link: a new password, and the sign-in with it', async (t) => {
  const user = await accounts.account('oublieux')
  open(t, <ForgotPasswordPage />, paths.forgotPassword.href())
  await press('Recevoir un lien de réinitialisation')
  await untilText('Saisissez votre adresse e-mail.')
  typeInto('Adresse e-mail de votre compte', 'pas-une-adresse')
  await press('Recevoir un lien de réinitialisation')
  await untilText('Cette adresse e-mail n’est pas valide')
  typeInto('Adresse e-mail de votre compte', user.email)
  await press('Recevoir un lien de réinitialisation')
  await untilText(`Si un compte existe pour ${user.email}, vous allez recevoir un e-mail`)
  await press('Saisir une autre adresse')
  t.ok(await screen.findByLabelText('Adresse e-mail de votre compte'), 'the form again')

  open(t, <ResetPasswordPage />, await accounts.linkTo(user.email))
  t.ok(await screen.findByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' }))
  await untilText(`Pour le compte ${user.email}.`)
  typeInto('Nouveau mot de passe', 'court')
  await press('Enregistrer le nouveau mot de passe')
  await untilText('Le mot de passe doit contenir au moins 12 caractères (5 pour l’instant).')
  typeInto('Nouveau mot de passe', 'une toute nouvelle phrase')
  await press('Enregistrer le nouveau mot de passe')
  await untilText('Saisissez le mot de passe une seconde fois.')
  t.equal(document.activeElement, screen.getByLabelText('Nouveau mot de passe, une seconde fois'))
  typeInto('Nouveau mot de passe, une seconde fois', 'une toute nouvelle phrase')
  await press('Enregistrer le nouveau mot de passe')
  await waitForLocation(paths.account.href())

  const signedIn = await fetch('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { apikey: accounts.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'une toute nouvelle phrase' })
  })
  t.equal(signedIn.status, 200, 'the new password opens the account')
})

t.test('a reset link used already: said, and a new one asked from there', async (t) => {
  const user = await accounts.account('deux-fois')
  await fetch('/auth/v1/recover', {
    method: 'POST',
    headers: { apikey: accounts.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email })
  })
  const link = await accounts.linkTo(user.email)
  await fetch(`/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: accounts.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'recovery', token_hash: new URLSearchParams(link.split('?')[1]).get('token_hash') })
  })
  open(t, <ResetPasswordPage />, link)
  t.ok(await screen.findByRole('heading', { level: 1, name: 'Ce lien de réinitialisation ne fonctionne plus' }))
  networkDownFor(t, '/auth/v1/recover')
  typeInto('Adresse e-mail de votre compte', user.email)
  await press('Recevoir un lien de réinitialisation')
  await untilText('Le service de connexion est injoignable pour le moment.')
})

t.test('the reset page without a link: how to get one', async (t) => {
  open(t, <ResetPasswordPage />, paths.resetPassword.href())
  await untilText('Sans lien valide, le mot de passe ne peut pas être changé ici.')
  t.equal(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href'), paths.forgotPassword.href())
})

t.test('invited: the invited address fixed, the password typed once, straight into the company', async (t) => {
  const owner = await accounts.account('entreprise')
  await accounts.subscribe(owner, 'entreprise')
  const email = newEmail('invitee')
  await teamApi.invite(owner.api, email)
  const invitation = paths.invitation.href(await accounts.gateway.invitationToken(email))
  open(t, <SignupPage />, paths.signup.href(invitation))
  await screen.findByRole('heading', { level: 1, name: 'Créer un compte' })
  await untilText('Choisissez un mot de passe, et vous arrivez dans l’espace de')
  const field = screen.getByLabelText<HTMLInputElement>('Adresse e-mail')
  await waitFor(() => assert.equal(field.value, email))
  t.equal(field.value, email, 'the invited address')
  t.equal(screen.getByLabelText<HTMLInputElement>('Adresse e-mail').readOnly, true, 'fixed')
  t.notOk(screen.queryByLabelText('Mot de passe, une seconde fois'), 'the password typed once')
  typeInto('Mot de passe', PASSWORD)
  screen.getByRole('checkbox').click()
  await press('Créer mon compte')
  await waitForLocation(/^\/invitation|^\/espace/)
  t.ok((await (await getSupabase(accounts.anonKey)).auth.getSession()).data.session, 'signed in at once: the invitation proved the address')
})
