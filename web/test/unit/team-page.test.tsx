// The « Équipe » page itself, in a DOM against the real gateway: the owner invites (an empty or
// refused address is explained on the field), re-sends too soon (refused in French), cancels,
// transfers the ownership after confirming and removes; a member leaves after confirming.
import './dom/register.js'
import t from 'tap'
import { screen } from '@testing-library/dom'
import { teamApi } from '@/features/team/api/team-api'
import { Component as TeamPage } from '@/features/team/routes/team'
import type { SignedIn } from './dom/page.js'
import { press, renderPage, startGateway, textOf, typeInto, untilText } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

/** `member` invited by `owner` and joined through the invitation's link. */
async function join(owner: SignedIn, member: SignedIn): Promise<void> {
  await teamApi.invite(owner.api, member.email)
  await teamApi.accept(member.api, await gateway.invitationToken(member.email))
}

t.test('the owner invites, is refused a re-send too soon, cancels, transfers and removes', async (t) => {
  const owner = await gateway.owner('entreprise')
  const marc = await gateway.signedIn()
  const lea = await gateway.signedIn()
  await join(owner, marc)
  await join(owner, lea)
  t.teardown(renderPage(<TeamPage />, { api: owner.api, userId: owner.id }))
  await screen.findByText('Aucune invitation en attente.')

  await press('Inviter')
  t.ok(await screen.findByText('Saisissez l’adresse e-mail de la personne à inviter.'), 'an empty address is explained')
  typeInto('Adresse e-mail', 'pas-une-adresse')
  await press('Inviter')
  await untilText('Saisissez l’adresse e-mail de la personne à inviter.', true)
  const refusal = await screen.findByText(/adresse e-mail/i, { selector: '.field__error' })
  t.match(textOf(refusal), /[a-zé]/, 'the gateway’s refusal of the address is put on the field')

  typeInto('Adresse e-mail', 'lea@plomberie-durand.example')
  await press('Inviter')
  t.ok(await screen.findByText('Invitation envoyée à lea@plomberie-durand.example.'))
  await press('Renvoyer l’invitation à lea@plomberie-durand.example')
  t.match(textOf(await screen.findByRole('alert')), /[a-zé]/, 'a re-send right away is refused, said in French')
  await press('Annuler l’invitation à lea@plomberie-durand.example')
  t.ok(await screen.findByText('Invitation à lea@plomberie-durand.example annulée.'))
  await screen.findByText('Aucune invitation en attente.')

  await press(`Retirer ${marc.email}`)
  await press('Annuler')
  await press(`Retirer ${marc.email}`)
  await press(`Confirmer le retrait de ${marc.email}`)
  t.ok(await screen.findByText(`${marc.email} ne fait plus partie de l’entreprise.`))
  await press(`Transférer la propriété à ${lea.email}`)
  await press(`Confirmer : ${lea.email} devient propriétaire`)
  t.ok(await screen.findByText(`${lea.email} est désormais propriétaire de l’entreprise.`))
  await untilText('Les invitations, les membres et l’abonnement sont gérés par le propriétaire de l’entreprise.')
})

t.test('a member leaves the company after confirming', async (t) => {
  const owner = await gateway.owner('entreprise')
  const member = await gateway.signedIn()
  await join(owner, member)
  t.teardown(renderPage(<TeamPage />, { api: member.api, userId: member.id }))
  await press('Quitter l’entreprise')
  await press('Annuler')
  await press('Quitter l’entreprise')
  await press('Confirmer : quitter l’entreprise')
  t.ok(await screen.findByText('Vous avez quitté l’entreprise : votre espace repart de zéro.'))
})
