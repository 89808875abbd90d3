// The « Abonnement » page itself, in a DOM against the real gateway: the plan and this month's
// sends, a failed payment warned about, a member told that the owner manages it, an instance
// without online payment saying so; a refused session offers « Réessayer ».
import './dom/register.js'
import t from 'tap'
import { screen } from '@testing-library/dom'
import { createApiClient } from '@/lib/api-client'
import { teamApi } from '@/features/team/api/team-api'
import { Component as SubscriptionPage } from '@/features/billing/routes/subscription'
import { press, renderPage, startGateway, textOf } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

t.test('the owner’s plan, a failed payment, no online payment on this instance', async (t) => {
  const owner = await gateway.owner('pro')
  await gateway.app.db.query(`update paraphe.subscriptions set billing_interval = 'month', payment_failed = true where company_id = $1`, [
    owner.id
  ])
  t.teardown(renderPage(<SubscriptionPage />, { api: owner.api, userId: owner.id }))
  t.ok(await screen.findByRole('heading', { name: 'Formule Pro' }))
  t.match(textOf(screen.getByRole('alert')), /Le dernier paiement a échoué\..*formule Pro/, 'the failed payment is warned about')
  t.match(textOf(), /Le paiement en ligne n’est pas configuré sur cette instance/)
})

t.test('a member is told the owner manages it; a refused session offers « Réessayer »', async (t) => {
  const owner = await gateway.owner('entreprise')
  const member = await gateway.signedIn()
  await teamApi.invite(owner.api, member.email)
  await teamApi.accept(member.api, await gateway.invitationToken(member.email))
  const unmount = renderPage(<SubscriptionPage />, { api: member.api, userId: member.id })
  t.ok(await screen.findByText(/Seul le propriétaire de l’entreprise gère l’abonnement/))
  unmount()

  const api = createApiClient({ getAccessToken: async () => 'pas-un-jeton', fetch: gateway.fetch })
  t.teardown(renderPage(<SubscriptionPage />, { api }))
  await press('Réessayer')
  t.ok(await screen.findByRole('button', { name: 'Réessayer' }), 'still refused, still offered')
})
