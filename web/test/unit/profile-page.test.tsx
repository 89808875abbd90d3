// The « Profil de l’entreprise » page itself, in a DOM against the real gateway: what is missing
// to send a quote is listed, a wrong SIRET is refused on its field (which takes the focus), a
// complete profile is saved and the list of gaps goes; a logo is sent, shown, then removed, a
// non-image is refused; a refused session offers « Réessayer ».
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen } from '@testing-library/dom'
import { COMPLETE_PROFILE } from '../../../gateway/test/support/workspace-users.js'
import { makePng } from '../../../gateway/test/pdf/quote-fixtures.js'
import { createApiClient } from '@/lib/api-client'
import { profileApi } from '@/features/profile/api/profile-api'
import { Component as ProfilePage } from '@/features/profile/routes/profile'
import { press, renderPage, startGateway, textOf, typeInto, untilText } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

t.test('filling the profile: a wrong SIRET is refused on its field, then saved', async (t) => {
  const user = await gateway.signedIn()
  t.teardown(renderPage(<ProfilePage />, { api: user.api, userId: user.id }))
  t.match(textOf(await screen.findByText(/Pour envoyer un devis, il manque encore/)), /raison sociale/i, 'the gaps are listed')

  typeInto(/^Raison sociale/, COMPLETE_PROFILE.companyName)
  typeInto(/^Forme juridique/, COMPLETE_PROFILE.legalForm)
  typeInto(/^Adresse/, COMPLETE_PROFILE.address)
  typeInto(/^SIRET/, '123')
  typeInto(/^Immatriculation/, COMPLETE_PROFILE.registration)
  typeInto(/^Numéro de TVA/, COMPLETE_PROFILE.vatNumber)
  typeInto('E-mail professionnel', COMPLETE_PROFILE.email)
  typeInto('Téléphone', COMPLETE_PROFILE.phone)
  await press('Enregistrer le profil')
  t.ok(await screen.findByText('Le profil n’est pas enregistré : corrigez les champs signalés.'))
  t.equal(document.activeElement, screen.getByLabelText(/^SIRET/), 'the wrong field takes the focus')
  t.equal(screen.getByLabelText(/^SIRET/).getAttribute('aria-invalid'), 'true')

  typeInto(/^SIRET/, COMPLETE_PROFILE.siret)
  await press('Enregistrer le profil')
  t.ok(await screen.findByText('Profil enregistré.'))
  await untilText('Pour envoyer un devis, il manque encore', true)
  const { json } = await user.request('GET', '/api/profile')
  t.match(json<{ profile: { companyName: string } }>().profile.companyName, COMPLETE_PROFILE.companyName, 'kept by the gateway')
})

t.test('a logo sent, shown, refused when not an image, removed', async (t) => {
  const user = await gateway.owner('pro')
  t.teardown(renderPage(<ProfilePage />, { api: user.api, userId: user.id }))
  await screen.findByText(/Ajouter un logo/)
  const input = () => document.getElementById('profile-logo') as HTMLInputElement
  const pick = (file: File) => fireEvent.change(input(), { target: { files: [file] } })

  pick(new File([new Uint8Array(makePng(120, 40))], 'logo.png', { type: 'image/png' }))
  t.ok(await screen.findByText('Logo enregistré.'))
  t.ok(await screen.findByText('Remplacer le logo'), 'the logo is shown, to replace')
  t.ok(screen.getByAltText('Votre logo actuel'), 'its preview is shown')

  pick(new File(['pas une image'], 'logo.png', { type: 'image/png' }))
  t.match(textOf(await screen.findByRole('alert')), /[a-zé]/, 'a file that is not an image is refused in French')

  await press('Retirer le logo')
  t.ok(await screen.findByText('Logo retiré.'))
  t.ok(await screen.findByText('Ajouter un logo'))
})

t.test('a saved logo comes back with the page; a refused session offers « Réessayer »', async (t) => {
  const user = await gateway.owner('pro')
  await profileApi.uploadLogo(user.api, new Blob([new Uint8Array(makePng(60, 20))]), 'image/png')
  const unmount = renderPage(<ProfilePage />, { api: user.api, userId: user.id })
  t.ok(await screen.findByText('Remplacer le logo'), 'the saved logo is shown')
  unmount()

  const api = createApiClient({ getAccessToken: async () => 'pas-un-jeton', fetch: gateway.fetch })
  t.teardown(renderPage(<ProfilePage />, { api }))
  await press('Réessayer')
  t.ok(await screen.findByRole('button', { name: 'Réessayer' }), 'still refused, still offered')
})
