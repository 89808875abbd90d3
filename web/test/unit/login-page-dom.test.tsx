// The sign-in page in a DOM, against the real gateway: from an invitation link it says which
// company invites, offers the invited address and « Créer un compte » keeping the invitation; sent
// from a workspace page it says why; a closed invitation reads as a plain sign-in; an empty form
// puts the focus on what is missing; after signing out it says so.
import './dom/register.js'
import assert from 'node:assert/strict'
import t from 'tap'
import { screen, waitFor } from '@testing-library/dom'
import { paths } from '@paraphe/shared/paths'
import { placeholderRuntimeConfig } from '@paraphe/shared/runtime-config'
import { COMPLETE_PROFILE } from '../../../gateway/test/support/workspace-users.js'
import { createApiClient } from '@/lib/api-client'
import { getSupabase, supabaseRequested } from '@/lib/supabase'
import { teamApi } from '@/features/team/api/team-api'
import { Component as LoginPage } from '@/features/auth/routes/login'
import { press, renderPage, startGateway, textOf, untilText } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
// The page's own requests are relative ('/api/invitations/…'): they reach this gateway.
const nodeFetch = globalThis.fetch
globalThis.fetch = gateway.fetch
t.teardown(() => {
  globalThis.fetch = nodeFetch
})
// Node's BroadcastChannel (supabase-js shares the session between tabs with it) would keep the
// process alive; tabs are a browser matter. The client's token refresh timer is stopped at the end.
const globals = globalThis as { BroadcastChannel?: unknown }
const broadcastChannel = globals.BroadcastChannel
globals.BroadcastChannel = undefined
t.teardown(async () => {
  if (supabaseRequested()) await (await getSupabase(config.supabaseAnonKey)).auth.stopAutoRefresh()
  globals.BroadcastChannel = broadcastChannel
})
const api = createApiClient({ getAccessToken: async () => null })
const config = { ...placeholderRuntimeConfig(), supabaseAnonKey: 'login-page-anon-key-0000000000' }
const company = COMPLETE_PROFILE.companyName
const emailField = () => screen.getByLabelText<HTMLInputElement>('Adresse e-mail')

t.test('from an invitation link: the company, the invited address, « Créer un compte » keeping the invitation', async (t) => {
  const owner = await gateway.owner('entreprise')
  const email = `lea-${Date.now().toString(36)}@example.fr`
  await teamApi.invite(owner.api, email)
  const invitation = paths.invitation.href(await gateway.invitationToken(email))
  t.teardown(renderPage(<LoginPage />, { api, userId: null, at: paths.login.href(invitation), config }))

  t.ok(await screen.findByRole('heading', { level: 1, name: `Rejoindre ${company}` }))
  t.match(textOf(document.querySelector('.invitation-intro')), `L’invitation a été envoyée à ${email}`)
  await untilText('Vous avez déjà un compte')
  // Offered once the invitation is read (an effect after it shows).
  await waitFor(() => assert.equal(emailField().value, email)).catch(() => undefined)
  t.equal(emailField().value, email, 'the invited address is offered')
  const signup = screen.getByRole('link', { name: 'Créer un compte' })
  t.equal(signup.getAttribute('href'), paths.signup.href(`${invitation}&rejoindre=1`), 'the account made from here joins on arrival')
  t.notMatch(textOf(), 'Pas encore de compte', 'one « Créer un compte », the invitation’s')

  await press('Se connecter')
  const problems = await screen.findAllByText(/./, { selector: '.field__error' })
  t.equal(problems.length, 1, 'only the password is missing')
  t.match(textOf(problems[0] ?? null), /mot de passe/i, 'said in French')
  t.equal(document.activeElement, screen.getByLabelText('Mot de passe'), 'and focused')
})

t.test('a cancelled invitation: said, and the page is a plain sign-in', async (t) => {
  const owner = await gateway.owner('entreprise')
  const email = `marc-${Date.now().toString(36)}@example.fr`
  const invited = await teamApi.invite(owner.api, email)
  const token = await gateway.invitationToken(email)
  await teamApi.cancel(owner.api, invited.id)
  t.teardown(renderPage(<LoginPage />, { api, userId: null, at: paths.login.href(paths.invitation.href(token)), config }))
  await screen.findByText(/./, { selector: '.notice--warning' })
  t.ok(screen.getByRole('heading', { level: 1, name: 'Se connecter' }))
  t.equal(emailField().value, '', 'no address offered')
})

t.test('sent from a workspace page: why the sign-in, and « Créer un compte » keeps the page', async (t) => {
  const target = '/espace/devis'
  t.teardown(renderPage(<LoginPage />, { api, userId: null, at: paths.login.href(target), config }))
  await untilText('Connectez-vous pour accéder à cette page.')
  t.ok(screen.getByRole('heading', { level: 1, name: 'Se connecter' }))
  t.equal(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href'), paths.signup.href(target))

  await press('Se connecter')
  await screen.findAllByText(/./, { selector: '.field__error' })
  t.equal(document.activeElement, emailField(), 'the address first')
})

t.test('after signing out: said once, the form empty', async (t) => {
  t.teardown(
    renderPage(<LoginPage />, { api, userId: null, at: { pathname: paths.login.href(), state: { notice: 'signed-out' } }, config })
  )
  await untilText('Vous êtes déconnecté. À bientôt !')
  t.equal(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href'), paths.signup.href(), 'no target to keep')
  t.equal(emailField().value, '')
})
