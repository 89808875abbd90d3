// Card payments (Stripe Connect) in a DOM against the real gateway and the Stripe stand-in: the
// profile's « Paiement par carte » (connect, finish at Stripe, connected, disconnect, each failure
// said); the client's invoice page (/facture) paying by card and coming back while Stripe's event
// is on its way; the professional's invoice page listing the card payment, its refund and dispute.
import './dom/register.js'
import t, { type Test } from 'tap'
import { screen, waitFor } from '@testing-library/dom'
import { Component as FacturePage } from '@/features/invoice-payment/routes/facture'
import { Component as InvoicePage } from '@/features/invoices/routes/invoice'
import { StripeConnectionSection } from '@/features/profile/components/stripe-connection-section'
import { createApiClient, type ApiClient } from '@/lib/api-client'
import { startStripeStandIn } from '../../../gateway/test/support/stripe-stand-in.js'
import { COMPLETE_PROFILE } from '../../../gateway/test/support/workspace-users.js'
import { cardEnv, connectStripe, deliverConnect, sessionIdOf } from '../../../gateway/test/invoices/support/card-payment-app.js'
import { mails, tokenIn } from '../../../gateway/test/invoices/support/invoice-mail-cases.js'
import { BANK_DETAILS, issuedInvoice, signedQuote } from './dom/invoices.js'
import { press, renderPage, startGateway, textOf, untilText, type SignedIn } from './dom/page.js'

const stripe = await startStripeStandIn()
t.teardown(() => stripe.close())
const gateway = await startGateway(cardEnv(stripe), { stripe: stripe.client })
t.teardown(gateway.close)
const networkSaid = /connexion|réseau|joindre/i

/** The pages leave for Stripe with location.assign: the test reads where they went instead. */
function capturedAssign(t: Test): string[] {
  const went: string[] = []
  Object.defineProperty(window.location, 'assign', { value: (url: string) => went.push(url), configurable: true, writable: true })
  t.teardown(() => Reflect.deleteProperty(window.location, 'assign'))
  return went
}
/** Reads reach the gateway; `failing` requests (by method) fail as a network failure would. */
const failingApi = (owner: SignedIn, failing: readonly string[]): ApiClient =>
  createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) =>
      failing.includes(init?.method ?? 'GET') ? Promise.reject(new TypeError('fetch failed')) : gateway.fetch(input, init)
  })
const section = (api: ApiClient, owner: SignedIn) => renderPage(<StripeConnectionSection />, { api, userId: owner.id })

t.test('the profile’s « Paiement par carte »: connect, finish at Stripe, connected, disconnect', async (t) => {
  const pro = await gateway.owner('pro')
  const went = capturedAssign(t)

  const unreadable = section(failingApi(pro, ['GET']), pro)
  t.match(textOf(await screen.findByRole('alert')), networkSaid, 'the state unread, said')
  t.ok(screen.getByRole('heading', { name: 'Paiement par carte' }))
  unreadable()

  const offline = section(failingApi(pro, ['POST', 'DELETE']), pro)
  await untilText('Non connecté')
  t.match(textOf(), /Ce que Stripe vous facture : .+\. Aucun frais ne s’y ajoute\./)
  t.equal(screen.queryByRole('button', { name: 'Déconnecter' }), null, 'nothing to disconnect')
  await press('Connecter mon compte Stripe')
  t.match(textOf(await screen.findByRole('alert')), networkSaid)
  t.equal(screen.getByRole<HTMLButtonElement>('button', { name: 'Connecter mon compte Stripe' }).disabled, false, 'it can be tried again')
  offline()

  const connecting = section(pro.api, pro)
  await press('Connecter mon compte Stripe')
  await waitFor(() => {
    if (went.length === 0) throw new Error('not sent to Stripe yet')
  })
  t.match(went[0], new RegExp(`^${stripe.url}/`), 'sent to Stripe’s onboarding page')
  connecting()

  // Left Stripe's page before the end: the account is not taking payments yet.
  const pending = section(failingApi(pro, ['DELETE']), pro)
  await untilText('En attente de Stripe : des informations restent à fournir avant le premier paiement')
  t.ok(screen.getByRole('button', { name: 'Terminer la connexion chez Stripe' }))
  t.match(textOf(), /Déconnecter arrête les nouveaux paiements par carte/)
  await press('Déconnecter')
  t.match(textOf(await screen.findByRole('alert')), networkSaid, 'a failed disconnection said')
  pending()

  const onboarding = await fetch(went[0] ?? '', { method: 'POST', redirect: 'manual' })
  t.equal(onboarding.status, 303, 'onboarding finished at Stripe')
  t.teardown(section(pro.api, pro))
  await untilText(/Connecté : vos clients peuvent payer par carte \(depuis le .+\)/)
  t.equal(screen.queryByRole('button', { name: /Connecter mon compte|Terminer la connexion/ }), null)
  await press('Déconnecter')
  await untilText('Non connecté')
  t.ok(screen.getByRole('button', { name: 'Connecter mon compte Stripe' }), 'it can be connected again')
})

t.test('the client pays by card from the invoice’s link; the professional sees it, its refund and dispute', async (t) => {
  const pro = await gateway.owner('pro')
  await pro.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, ...BANK_DETAILS })
  await connectStripe(pro)
  const quote = await signedQuote(gateway, pro)
  const invoice = await issuedInvoice(pro, { kind: 'deposit', quoteId: quote.id })
  t.equal((await pro.request('POST', `/api/invoices/${invoice.id}/send`, {})).statusCode, 200)
  const token = tokenIn((await mails(gateway.app.db, pro, 'invoice'))[0]?.text_body ?? '')
  t.equal(token.length, 43, 'the e-mail’s link')

  // The client's page asks '/api/…' of its own origin: here, the gateway's.
  const nodeFetch = globalThis.fetch
  globalThis.fetch = gateway.fetch
  t.teardown(() => {
    globalThis.fetch = nodeFetch
  })
  const client = (search: string) => renderPage(<FacturePage />, { api: pro.api, userId: null, at: `/facture${search}`, route: '/facture' })

  const guide = client('')
  t.ok(await screen.findByRole('heading', { level: 1, name: 'Consulter et régler une facture' }), 'no token: the guide')
  guide()

  const went = capturedAssign(t)
  const paying = client(`?token=${token}`)
  await screen.findByRole('heading', { level: 1, name: /^Facture d’acompte F-/ })
  await press(/^Payer 403,24\s€ par carte$/)
  await waitFor(() => {
    if (went.length === 0) throw new Error('not sent to Stripe yet')
  })
  paying()

  // Back from Stripe before its event: the page says so, then follows when the event arrives.
  const back = client(`?token=${token}&paiement=carte`)
  await untilText('Votre paiement par carte est en cours d’enregistrement : cette page se met à jour d’elle-même.')
  const paid = stripe.payPaymentSession(sessionIdOf(went[0] ?? ''))
  t.equal((await deliverConnect(gateway.app, paid)).statusCode, 200)
  await waitFor(() => {
    if (!textOf().includes('Merci : votre paiement par carte est enregistré.')) throw new Error('not followed yet')
  })
  back()

  const paymentIntent = (paid.event.data.object as { payment_intent: string }).payment_intent
  t.equal((await deliverConnect(gateway.app, stripe.refund(paymentIntent, 10_000))).statusCode, 200)
  const dispute = stripe.dispute(paymentIntent)
  t.equal((await deliverConnect(gateway.app, dispute)).statusCode, 200)
  const unmount = renderPage(<InvoicePage />, {
    api: pro.api,
    userId: pro.id,
    at: `/espace/factures/${invoice.id}`,
    route: '/espace/factures/:id'
  })
  const payments = await screen.findByRole('region', { name: 'Paiements' })
  await waitFor(() => {
    if (!textOf(payments).includes('Remboursé')) throw new Error('not read yet')
  })
  t.match(textOf(payments), /403,24 € le .+ — Carte bancaire \(Carte bancaire, Stripe pi_/, 'the card payment, with Stripe’s reference')
  t.match(textOf(payments), /Remboursé 100,00 € le /, 'the refund made at Stripe')
  t.match(textOf(payments), /Reste à encaisser100,00 €/)
  t.match(
    textOf(payments),
    /Le client conteste un paiement par carte de .+ auprès de sa banque \(.+\) : répondez-y depuis votre tableau de bord Stripe\./
  )
  unmount()

  // The bank takes the money back, then decides for the professional and gives it again.
  const disputeId = (dispute.event.data.object as { id: string }).id
  for (const event of [
    stripe.disputeFunds(disputeId, 'withdrawn'),
    stripe.disputeFunds(disputeId, 'reinstated'),
    stripe.closeDispute(disputeId, 'won')
  ])
    t.equal((await deliverConnect(gateway.app, event)).statusCode, 200)
  t.teardown(
    renderPage(<InvoicePage />, { api: pro.api, userId: pro.id, at: `/espace/factures/${invoice.id}`, route: '/espace/factures/:id' })
  )
  const after = await screen.findByRole('region', { name: 'Paiements' })
  await waitFor(() => {
    if (!textOf(after).includes('Rendu après le litige')) throw new Error('not read yet')
  })
  t.match(textOf(after), /Retiré par la banque du client \(litige\) 303,24 € le /, 'the withdrawal, said as a dispute')
  t.match(textOf(after), /Rendu après le litige 303,24 € le /)
  t.match(textOf(after), /Litige sur le paiement par carte de 303,24 € \(.+\) clos en votre faveur : la somme vous reste acquise\./)
  t.notMatch(textOf(after), /conteste/, 'the open dispute’s advice is gone once it is closed')
  t.match(textOf(after), /Reste à encaisser100,00 €/)
})

t.test('the client’s page: a link that does not exist, a failed load tried again, a card payment refused', async (t) => {
  const pro = await gateway.owner('pro')
  await pro.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, ...BANK_DETAILS })
  await connectStripe(pro)
  const quote = await signedQuote(gateway, pro)
  const invoice = await issuedInvoice(pro, { kind: 'deposit', quoteId: quote.id })
  t.equal((await pro.request('POST', `/api/invoices/${invoice.id}/send`, {})).statusCode, 200)
  const token = tokenIn((await mails(gateway.app.db, pro, 'invoice'))[0]?.text_body ?? '')
  const nodeFetch = globalThis.fetch
  t.teardown(() => {
    globalThis.fetch = nodeFetch
  })
  const client = (search: string) => renderPage(<FacturePage />, { api: pro.api, userId: null, at: `/facture${search}`, route: '/facture' })

  globalThis.fetch = gateway.fetch
  const unknown = client(`?token=${'A'.repeat(43)}`)
  await screen.findByRole('heading', { level: 1, name: 'Lien de facture introuvable' })
  t.ok(screen.getByRole('alert'))
  t.equal(screen.queryByRole('button', { name: 'Réessayer' }), null, 'nothing to try again')
  unknown()

  globalThis.fetch = () => Promise.reject(new TypeError('fetch failed'))
  t.teardown(client(`?token=${token}`))
  t.match(textOf(await screen.findByRole('alert')), networkSaid)
  globalThis.fetch = gateway.fetch
  await press('Réessayer')
  await screen.findByRole('heading', { level: 1, name: /^Facture d’acompte F-/ })

  // The professional disconnected Stripe meanwhile: the card is refused, and the page says why.
  t.equal((await pro.request('DELETE', '/api/stripe-connection')).statusCode, 200)
  await press(/^Payer 403,24\s€ par carte$/)
  t.match(textOf(await screen.findByRole('alert')), /Le paiement par carte n’est pas proposé pour cette facture : réglez-la par virement\./)
  t.equal(screen.getByRole<HTMLButtonElement>('button', { name: /^Payer 403,24\s€ par carte$/ }).disabled, false)
})
