// The « Webhooks » page in a DOM against the real gateway and a receiver on loopback: an empty
// address explained and focused, a refused one said next to the field, the secret shown once and
// copied (or selected when the clipboard refuses), the delivery log with its failed attempt,
// « Renvoyer » queuing the same event again, the deletion confirmed; the gateway out of reach
// on each action; on Pro, the plan that has webhooks.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, within } from '@testing-library/dom'
import { Component as WebhooksPage } from '@/features/webhooks/routes/webhooks'
import { createApiClient } from '@/lib/api-client'
import { startReceiver } from '../../../gateway/test/support/webhook-receiver.js'
import { press, renderPage, startGateway, textOf, typeInto, untilText } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

const URL_LABEL = 'Adresse (URL) de votre serveur'

t.test('Entreprise: an endpoint added, its secret once, its log, « Renvoyer », deleted', async (t) => {
  const receiver = await startReceiver(t, [500, 200])
  const owner = await gateway.owner('entreprise')
  let unmount = renderPage(<WebhooksPage />, { api: owner.api, userId: owner.id })
  await screen.findByText('Aucune adresse pour l’instant.')

  await press('Ajouter l’adresse')
  await untilText('Indiquez l’adresse (URL) qui recevra les événements.')
  t.equal(document.activeElement?.id, 'webhook-url', 'the field has the focus')
  typeInto(URL_LABEL, 'ftp://erp.exemple.fr/hooks')
  await press('Ajouter l’adresse')
  await untilText('L’adresse doit commencer par https://.')

  typeInto(URL_LABEL, receiver.url)
  fireEvent.click(screen.getByLabelText(/quote\.viewed/))
  await press('Ajouter l’adresse')
  const secret = (await screen.findByLabelText<HTMLInputElement>('Secret de signature')).value
  t.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/, 'the secret, once')
  t.equal(screen.getByLabelText<HTMLInputElement>(URL_LABEL).value, '', 'the form is emptied')
  const writeText = navigator.clipboard.writeText.bind(navigator.clipboard)
  await press('Copier le secret')
  await untilText('Secret copié.')
  t.equal(await navigator.clipboard.readText(), secret, 'the secret is in the clipboard')
  // Out of a secure context the clipboard refuses: the secret is selected for Ctrl+C instead.
  navigator.clipboard.writeText = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'))
  t.teardown(() => {
    navigator.clipboard.writeText = writeText
  })
  await press('Copier le secret')
  await untilText('Le secret est sélectionné : copiez-le avec Ctrl+C (ou ⌘+C).')

  const item = (await screen.findByText(receiver.url, { selector: '.webhook-endpoint__url' })).closest('li') ?? document.body
  t.match(
    textOf(item),
    /quote\.sent quote\.signed quote\.declined quote\.expired invoice\.issued invoice\.paid invoice\.overdue invoice\.status_changed — secret whsec_/
  )
  t.notMatch(textOf(item), 'quote.viewed', 'the event unticked is not sent')

  await gateway.app.db.query(`select paraphe.enqueue_webhook_event($1, 'quote.sent', null, $2::jsonb)`, [
    owner.id,
    JSON.stringify({ quote: { number: 'DEV-2026-0001' } })
  ])
  await gateway.app.webhooks.wake()
  t.equal(receiver.received.length, 1)
  await press('Journal des envois', item)
  const log = await screen.findByRole('region', { name: `Journal des envois vers ${receiver.url}` })
  const row = await within(log).findByText('quote.sent', { selector: 'code' })
  t.match(textOf(row.closest('tr')), /quote\.sent.*evt_[0-9a-f]{32}.*En attente.*1.*500/, 'the failed attempt and its answer')
  await press(/^Renvoyer quote\.sent/, log)
  await untilText('L’événement quote.sent est remis dans la file d’envoi, avec le même identifiant.')
  await receiver.waitFor(2)
  t.equal(receiver.received[1]?.headers['paraphe-event-id'], receiver.received[0]?.headers['paraphe-event-id'], 'the same event id')
  await press('Journal des envois', item)
  t.equal(screen.queryByRole('region', { name: /^Journal des envois/ }), null, 'the log closes')

  // Read again, the page never shows the secret.
  unmount()
  unmount = renderPage(<WebhooksPage />, { api: owner.api, userId: owner.id })
  await screen.findByText(receiver.url, { selector: '.webhook-endpoint__url' })
  t.equal(screen.queryByLabelText('Secret de signature'), null, 'the secret is never shown again')
  t.notMatch(document.body.innerHTML, secret.slice(12), 'nowhere in the page')
  await press(`Supprimer l’adresse ${receiver.url}`)
  await press('Annuler')
  await press(`Supprimer l’adresse ${receiver.url}`)
  await press('Journal des envois')
  await screen.findByRole('region', { name: `Journal des envois vers ${receiver.url}` })
  await press('Confirmer la suppression')
  await untilText(`L’adresse ${receiver.url} est supprimée : elle ne reçoit plus rien.`)
  await screen.findByText('Aucune adresse pour l’instant.')
  t.equal(screen.queryByRole('region', { name: /^Journal des envois/ }), null, 'its log went with it')
  unmount()
})

t.test('the gateway out of reach: the list, the new address, the log and the deletion say so', async (t) => {
  const owner = await gateway.owner('entreprise')
  let reachable = false
  const api = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => (reachable ? gateway.fetch(input, init) : Promise.reject(new TypeError('fetch failed')))
  })
  t.teardown(renderPage(<WebhooksPage />, { api, userId: owner.id }))
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.')
  reachable = true
  await press('Réessayer')
  await screen.findByText('Aucune adresse pour l’instant.')

  typeInto(URL_LABEL, 'https://erp.exemple.fr/hooks')
  reachable = false
  await press('Ajouter l’adresse')
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'adding while offline')
  t.equal(screen.getByLabelText<HTMLInputElement>(URL_LABEL).value, 'https://erp.exemple.fr/hooks', 'nothing typed is lost')
  reachable = true
  await press('Ajouter l’adresse')
  await screen.findByLabelText('Secret de signature')
  await screen.findByText('https://erp.exemple.fr/hooks', { selector: '.webhook-endpoint__url' })

  reachable = false
  await press('Journal des envois')
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'the log cannot be read')
  reachable = true
  await press('Réessayer')
  await untilText('Aucun événement envoyé à cette adresse pour l’instant.')
  t.equal(screen.queryByRole('alert'), null, 'read once the gateway answers')

  reachable = false
  await press('Supprimer l’adresse https://erp.exemple.fr/hooks')
  await press('Confirmer la suppression')
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'deleting while offline')
  t.ok(screen.getByText('https://erp.exemple.fr/hooks', { selector: '.webhook-endpoint__url' }), 'the address is still there')
})

t.test('Pro: no form, and the plan that has webhooks', async (t) => {
  const owner = await gateway.owner('pro')
  t.teardown(renderPage(<WebhooksPage />, { api: owner.api, userId: owner.id }))
  const upgrade = await screen.findByRole('link', { name: 'Passer à la formule Entreprise' })
  t.equal(upgrade.getAttribute('href'), '/tarifs')
  t.equal(screen.queryByLabelText(URL_LABEL), null, 'no form')
})
