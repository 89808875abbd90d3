// The « Adresse d’expédition » page itself, in a DOM against the real gateway (its DNS a server on
// loopback): an empty or wrong address is explained on the field, a set address gets its records
// and its confirmation link (a re-send too soon is refused in French), a DNS check says what is
// missing, a removal waits for its confirmation; the confirmation link's outcome is said once.
import './dom/register.js'
import t from 'tap'
import { screen } from '@testing-library/dom'
import { paths } from '@paraphe/shared/paths'
import { startDnsServer } from '../../../gateway/test/support/dns-server.js'
import { Component as SenderPage } from '@/features/sender/routes/sender'
import { press, renderPage, startGateway, textOf, typeInto, untilText, waitForLocation } from './dom/page.js'

const dns = await startDnsServer()
t.teardown(() => dns.stop())
const gateway = await startGateway({ DNS_SERVERS: dns.address })
t.teardown(gateway.close)

t.test('setting an address, re-sending its link, checking the DNS, removing it', async (t) => {
  const owner = await gateway.owner('entreprise')
  t.teardown(renderPage(<SenderPage />, { api: owner.api, userId: owner.id }))
  await press('Utiliser cette adresse')
  t.ok(await screen.findByText('Indiquez l’adresse d’expédition.'), 'an empty address is explained')
  t.equal(document.activeElement, screen.getByLabelText('Adresse e-mail de votre domaine'), 'the field takes the focus')

  typeInto('Adresse e-mail de votre domaine', 'pas-une-adresse')
  await press('Utiliser cette adresse')
  await untilText('Indiquez l’adresse d’expédition.', true)
  t.match(
    textOf(await screen.findByText(/./, { selector: '#sender-address-error' })),
    /[a-zé]/,
    'the gateway’s refusal is put on the field'
  )

  typeInto('Adresse e-mail de votre domaine', ' devis@durand-plomberie.fr ')
  await press('Utiliser cette adresse')
  t.ok(await screen.findByText('Un lien de confirmation a été envoyé à devis@durand-plomberie.fr.'))
  t.ok(await screen.findByRole('heading', { name: 'Adresse devis@durand-plomberie.fr' }), 'its records to publish are shown')
  t.match(textOf(), /_domainkey\.durand-plomberie\.fr/)

  await press('Renvoyer le lien de confirmation')
  t.match(textOf(await screen.findByRole('alert')), /patientez une minute/, 'a re-send right away is refused, said in French')

  await press('Vérifier le DNS')
  t.ok(await screen.findByText('Vérification faite : voyez ci-dessous ce qui manque.'))
  t.match(textOf(), /Dernière vérification le/)

  await press('Supprimer l’adresse')
  await press('Annuler')
  await press('Supprimer l’adresse')
  await press('Confirmer la suppression de l’adresse')
  t.ok(await screen.findByText('Adresse supprimée : vos e-mails partent de nouveau au nom de votre entreprise via le site.'))
  t.equal(screen.queryByRole('heading', { name: /Adresse devis@/ }), null)
})

t.test('back from the confirmation link: its outcome is said and taken out of the address', async (t) => {
  const owner = await gateway.owner('entreprise')
  const unmount = renderPage(<SenderPage />, { api: owner.api, userId: owner.id, at: `${paths.sender.href()}?confirmation=ok` })
  t.ok(await screen.findByText('Adresse confirmée. Il reste à publier la clé DKIM dans le DNS de votre domaine.'))
  await waitForLocation(paths.sender.href())
  unmount()
  t.teardown(renderPage(<SenderPage />, { api: owner.api, userId: owner.id, at: `${paths.sender.href()}?confirmation=invalid` }))
  t.match(textOf(await screen.findByRole('alert')), /Ce lien de confirmation n’est plus valable/)
})

t.test('without the plan, the page offers it instead of the form', async (t) => {
  const owner = await gateway.owner('pro')
  t.teardown(renderPage(<SenderPage />, { api: owner.api, userId: owner.id }))
  t.ok(await screen.findByText(/L’envoi depuis votre propre adresse est inclus dans la formule/))
  t.equal(screen.queryByLabelText('Adresse e-mail de votre domaine'), null)
})
