// The invitation page itself, in a DOM against the real gateway: the invited person sees which
// company invites them and joins it (then lands on their quotes); another account is refused in
// French, an unknown link is refused, a cancelled invitation says it is closed.
import './dom/register.js'
import t from 'tap'
import { screen } from '@testing-library/dom'
import { paths } from '@paraphe/shared/paths'
import { COMPLETE_PROFILE } from '../../../gateway/test/support/workspace-users.js'
import { teamApi } from '@/features/team/api/team-api'
import { Component as InvitationPage } from '@/features/team/routes/invitation'
import { press, renderPage, startGateway, textOf, waitForLocation } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
const company = COMPLETE_PROFILE.companyName

t.test('another account is refused; the invited person joins and lands on the quotes', async (t) => {
  const owner = await gateway.owner('entreprise')
  const lea = await gateway.signedIn()
  await teamApi.invite(owner.api, lea.email)
  const at = paths.invitation.href(await gateway.invitationToken(lea.email))

  const other = await gateway.signedIn()
  const unmount = renderPage(<InvitationPage />, { api: other.api, userId: other.id, at })
  await press(`Rejoindre ${company}`)
  t.match(textOf(await screen.findByRole('alert')), /[a-zé]/, 'another account is refused, said in French')
  unmount()

  t.teardown(renderPage(<InvitationPage />, { api: lea.api, userId: lea.id, at }))
  t.ok(await screen.findByRole('heading', { name: `Rejoindre ${company}` }))
  t.match(textOf(), lea.email)
  await press(`Rejoindre ${company}`)
  await waitForLocation(paths.account.href())
  t.equal((await teamApi.team(lea.api)).members.length, 2, 'joined')
})

t.test('an unknown link and a cancelled invitation', async (t) => {
  const owner = await gateway.owner('entreprise')
  const marc = await gateway.signedIn()
  const invitation = await teamApi.invite(owner.api, marc.email)
  const token = await gateway.invitationToken(marc.email)
  await teamApi.cancel(owner.api, invitation.id)
  const unmount = renderPage(<InvitationPage />, { api: marc.api, userId: marc.id, at: paths.invitation.href(token) })
  await screen.findByRole('heading', { name: `Rejoindre ${company}` })
  t.equal(screen.queryByRole('button', { name: `Rejoindre ${company}` }), null, 'a cancelled invitation cannot be joined')
  t.match(textOf(document.querySelector('.notice')), /[a-zé]/)
  unmount()

  t.teardown(renderPage(<InvitationPage />, { api: marc.api, userId: marc.id, at: paths.invitation.href('A'.repeat(43)) }))
  t.match(textOf(await screen.findByRole('alert')), /[a-zé]/, 'an unknown link is refused in French')
})

t.test('arriving from the sign-in or sign-up made from the link (`rejoindre=1`): joined at once, no second click', async (t) => {
  const owner = await gateway.owner('entreprise')
  const nina = await gateway.signedIn()
  await teamApi.invite(owner.api, nina.email)
  const at = `${paths.invitation.href(await gateway.invitationToken(nina.email))}&rejoindre=1`
  t.teardown(renderPage(<InvitationPage />, { api: nina.api, userId: nina.id, at }))
  await waitForLocation(paths.account.href())
  t.equal((await teamApi.team(nina.api)).members.length, 2, 'a member of the inviting company')
})
