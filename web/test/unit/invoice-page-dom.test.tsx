// One invoice's page (/espace/factures/:id) in a DOM against the real gateway: a draft reviewed,
// issued or deleted; an issued invoice's files, payments, sending to the client (reminder, links
// disabled) and credit notes, each refusal and failure said in French.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor, within } from '@testing-library/dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import { Component as InvoicePage } from '@/features/invoices/routes/invoice'
import { createApiClient, type ApiClient } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { COMPLETE_PROFILE } from '../../../gateway/test/support/workspace-users.js'
import { BANK_DETAILS, draftInvoice, issuedInvoice, signedQuote } from './dom/invoices.js'
import {
  currentLocation,
  press,
  renderPage,
  startGateway,
  textOf,
  typeInto,
  untilText,
  waitForLocation,
  type SignedIn
} from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

function open(owner: SignedIn, id: string, api: ApiClient = owner.api): () => void {
  return renderPage(<InvoicePage />, { api, userId: owner.id, at: `/espace/factures/${id}`, route: '/espace/factures/:id' })
}
/** Reads go to the gateway; every change (POST) fails as a network failure would. */
const offline = (owner: SignedIn): ApiClient =>
  createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) =>
      init?.method === undefined || init.method === 'GET' ? gateway.fetch(input, init) : Promise.reject(new TypeError('fetch failed'))
  })
/** « Label », then its confirmation in the page. */
async function confirm(label: string, answer: string): Promise<void> {
  await press(label)
  await press(answer, await screen.findByRole('group', { name: label }))
}
async function owner(): Promise<SignedIn> {
  const user = await gateway.owner('pro')
  await user.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, ...BANK_DETAILS })
  return user
}
const networkSaid = /connexion|réseau|joindre/i

t.test('a draft: reviewed, refused once by the network, then issued with its number', async (t) => {
  const pro = await owner()
  const quote = await signedQuote(gateway, pro)
  const draft = await draftInvoice(pro, { kind: 'deposit', quoteId: quote.id })
  const failing = open(pro, draft.id, offline(pro))
  await screen.findByRole('heading', { level: 1, name: 'Facture d’acompte (brouillon)' })
  t.match(textOf(), /Brouillon à vérifier/)
  t.match(textOf(), /403,24 € TTC/)
  t.equal(
    screen.getByRole('link', { name: 'Modifier le brouillon' }).getAttribute('href'),
    `/espace/devis/${quote.id}/facturation?facture=acompte&brouillon=${draft.id}`
  )
  t.match(textOf(screen.getByRole('region', { name: 'Factures liées' })), /^Factures liéesDevis DEV-/, 'its quote; no issued invoice yet')
  await confirm('Émettre la facture', 'Oui, émettre la facture')
  t.match(textOf(await screen.findByRole('alert')), networkSaid)
  failing()

  t.teardown(open(pro, draft.id))
  await confirm('Émettre la facture', 'Oui, émettre la facture')
  await waitFor(
    () => {
      const heading = textOf(screen.getByRole('heading', { level: 1 }))
      if (!/^Facture d’acompte F-\d{4}-\d{4}$/.test(heading)) throw new Error(`heading: ${heading}`)
      // The Factur-X file is built on issuing: seconds on a busy machine.
    },
    { timeout: 120_000 }
  )
  t.match(textOf(), /Émise le /)
  t.match(textOf(), /Échéance le /)
  t.ok(screen.getByRole('button', { name: 'Télécharger la facture (Factur-X)' }))
  await waitFor(() => {
    if (!/\(cette facture\)/.test(textOf(screen.getByRole('region', { name: 'Factures liées' })))) throw new Error('chain not read yet')
  })
})

t.test('a draft deleted leads back to its quote’s invoicing; a draft no longer possible says why', async (t) => {
  const pro = await owner()
  const quote = await signedQuote(gateway, pro)
  const final = await draftInvoice(pro, { kind: 'final', quoteId: quote.id })
  const gone = await draftInvoice(pro, { kind: 'deposit', quoteId: quote.id })
  const deleting = open(pro, gone.id)
  await confirm('Supprimer le brouillon', 'Oui, supprimer')
  await waitForLocation(`/espace/devis/${quote.id}/facturation`)
  deleting()

  // Another final invoice issued meanwhile (another tab): this draft cannot be issued any more.
  await issuedInvoice(pro, { kind: 'final', quoteId: quote.id })
  t.teardown(open(pro, final.id))
  const alert = await screen.findByRole('alert')
  t.match(textOf(alert), /^La facture de solde de ce devis a déjà été émise\./, 'the reason, from the gateway')
  t.match(textOf(alert), /Corrigez-le \(dans votre profil, ou avec « Modifier le brouillon »\)/)
  t.equal(screen.getByRole<HTMLButtonElement>('button', { name: 'Émettre la facture' }).disabled, true, 'nothing to issue')
})

t.test('an invoice without a quote: its draft edited in its own form; deleting it leads to the list', async (t) => {
  const pro = await owner()
  const standard = await draftInvoice(pro, {
    kind: 'standard',
    client: {
      kind: 'individual',
      name: 'Élise Martin',
      company: '',
      email: 'elise.martin@example.org',
      phone: '',
      address: '5 place Bellecour\n69002 Lyon'
    },
    lines: [
      { id: 'a', description: 'Dépannage', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 12_000, vatRateBp: 2000, discountBp: 0 }
    ]
  } as never)
  t.teardown(open(pro, standard.id))
  await screen.findByRole('heading', { level: 1, name: /\(brouillon\)$/ })
  t.equal(
    screen.getByRole('link', { name: 'Modifier le brouillon' }).getAttribute('href'),
    `/espace/factures/nouvelle?brouillon=${standard.id}`
  )
  t.equal(screen.queryByRole('region', { name: 'Factures liées' }), null, 'no quote, no chain')
  await confirm('Supprimer le brouillon', 'Oui, supprimer')
  await waitForLocation('/espace/factures')
})

t.test('payments: each refusal, a partial payment, then paid', async (t) => {
  const pro = await owner()
  const quote = await signedQuote(gateway, pro)
  const invoice = await issuedInvoice(pro, { kind: 'deposit', quoteId: quote.id })
  const failing = open(pro, invoice.id, offline(pro))
  const payments = await screen.findByRole('region', { name: 'Paiements' })
  t.match(textOf(payments), /Aucun paiement enregistré\./)
  t.equal(screen.getByLabelText<HTMLInputElement>('Montant reçu (€)').value, '403,24', 'what is left, proposed')
  await press('Enregistrer le paiement')
  t.match(textOf(await screen.findByRole('alert')), networkSaid)
  t.equal(screen.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer le paiement' }).disabled, false)
  failing()

  t.teardown(open(pro, invoice.id))
  await screen.findByRole('region', { name: 'Paiements' })
  typeInto('Montant reçu (€)', '0')
  typeInto('Date du paiement', '2999-01-01')
  await press('Enregistrer le paiement')
  await untilText('Le montant doit être supérieur à zéro.')
  await untilText('Un paiement ne peut pas être daté de demain ou plus tard.')
  t.equal(screen.getByLabelText('Montant reçu (€)').getAttribute('aria-invalid'), 'true')
  typeInto('Montant reçu (€)', '100')
  typeInto('Date du paiement', parisIsoDate(new Date()))
  fireEvent.change(screen.getByLabelText('Moyen de paiement'), { target: { value: 'check' } })
  await press('Enregistrer le paiement')
  await untilText(/100,00 € le .+ — Chèque/)
  await waitFor(() => {
    if (screen.getByLabelText<HTMLInputElement>('Montant reçu (€)').value !== '303,24') throw new Error('not the rest yet')
  })
  t.match(textOf(screen.getByRole('region', { name: 'Paiements' })), /Reste à encaisser303,24 €/)
  await press('Enregistrer le paiement')
  await waitFor(() => {
    if (screen.queryByLabelText('Montant reçu (€)') !== null) throw new Error('still owed')
  })
  t.match(textOf(screen.getByRole('region', { name: 'Paiements' })), /Reste à encaisser0,00 €/, 'paid: no form left')
  t.match((await invoicesApi.get(pro.api, invoice.id)).paymentStatus, 'paid')
})

t.test('sending to the client: a reminder after an earlier sending, then sent, a reminder refused too soon, links disabled', async (t) => {
  const pro = await owner()
  const quote = await signedQuote(gateway, pro)
  const invoice = await issuedInvoice(pro, { kind: 'deposit', quoteId: quote.id })
  const unmount = open(pro, invoice.id)
  const panel = await screen.findByRole('region', { name: 'Envoi au client' })
  t.match(textOf(panel), /Pas encore envoyée par Paraphe\./)
  t.equal(within(panel).getByLabelText<HTMLInputElement>('Adresse e-mail du destinataire').value, 'elise.martin@example.org')
  t.equal(within(panel).queryByRole('button', { name: 'Relancer le client' }), null, 'nothing to remind before a sending')
  t.equal(within(panel).queryByRole('button', { name: 'Désactiver les liens envoyés' }), null)
  typeInto('Adresse e-mail du destinataire', 'pas-une-adresse', panel)
  await press('Envoyer la facture', panel)
  t.match(textOf(await within(panel).findByRole('alert')), /adresse|e-mail/i, 'the gateway’s refusal')
  unmount()

  // Sent two days ago (the events are append-only: the past one is written as it was).
  await gateway.app.db.query(
    `insert into paraphe.invoice_events (invoice_id, company_id, type, occurred_at, data)
     values ($1, $2, 'sent', now() - interval '2 days', '{"to":"compta@example.org"}')`,
    [invoice.id, pro.id]
  )
  t.teardown(open(pro, invoice.id))
  const later = await screen.findByRole('region', { name: 'Envoi au client' })
  t.match(textOf(later), /Dernier envoi le .+ à compta@example\.org\./)
  await press('Relancer le client', later)
  await untilText(/Relance envoyée à .+, avec le montant restant dû et un nouveau lien pour régler\./)
  typeInto('Adresse e-mail du destinataire', 'compta@example.org', later)
  await press('Envoyer la facture', later)
  await untilText('Facture envoyée à compta@example.org, avec un lien pour la consulter et la régler.')
  await press('Relancer le client', later)
  t.match(textOf(await within(later).findByRole('alert')), /il y a moins de \d+ heures/, 'too soon after the e-mail')
  await confirm('Désactiver les liens envoyés', 'Oui, désactiver')
  await untilText(
    /Lien désactivé : votre client voit désormais une page qui le lui dit\. « Envoyer la facture » lui enverra un nouveau lien\./
  )
  await confirm('Désactiver les liens envoyés', 'Oui, désactiver')
  await untilText('Aucun lien actif : ils étaient déjà désactivés.')
})

t.test('credit notes: a part refused then made, the whole rest, the credit note sent', async (t) => {
  const pro = await owner()
  const quote = await signedQuote(gateway, pro)
  const invoice = await issuedInvoice(pro, { kind: 'deposit', quoteId: quote.id })
  const failing = open(pro, invoice.id, offline(pro))
  const panel = await screen.findByRole('region', { name: 'Créer un avoir' })
  t.match(textOf(panel), /Toute la facture \(403,24 € TTC\)/)
  fireEvent.click(within(panel).getByLabelText(/Une partie/))
  typeInto('Montant TTC de l’avoir (€)', '500', panel)
  await press('Préparer l’avoir', panel)
  t.match(textOf(await within(panel).findByRole('alert')), /403,24/, 'not more than the invoice')
  typeInto('Montant TTC de l’avoir (€)', '0', panel)
  await press('Préparer l’avoir', panel)
  await untilText('Le montant doit être supérieur à zéro.')
  typeInto('Montant TTC de l’avoir (€)', '50', panel)
  await press('Préparer l’avoir', panel)
  await waitFor(() => {
    if (!networkSaid.test(textOf(within(panel).getByRole('alert')))) throw new Error('no failure yet')
  })
  failing()

  const partial = open(pro, invoice.id)
  const again = await screen.findByRole('region', { name: 'Créer un avoir' })
  fireEvent.click(within(again).getByLabelText(/Une partie/))
  typeInto('Montant TTC de l’avoir (€)', '50', again)
  await press('Préparer l’avoir', again)
  await waitFor(() => {
    if (currentLocation() === `/espace/factures/${invoice.id}`) throw new Error('still on the invoice')
  })
  const credit = currentLocation().replace('/espace/factures/', '')
  t.not(credit, invoice.id)
  partial()

  // The credit note's draft: no payments, no credit note of its own; issued, it is sent as « l’avoir ».
  const creditPage = open(pro, credit)
  await screen.findByRole('heading', { level: 1, name: 'Avoir (brouillon)' })
  t.equal(screen.queryByRole('link', { name: 'Modifier le brouillon' }), null, 'a credit note is prepared again, not edited')
  await confirm('Émettre la facture', 'Oui, émettre la facture')
  await screen.findByRole('heading', { level: 1, name: /^Avoir F-/ })
  t.match(textOf(), /corrige la facture|Avoir de la facture|facture F-/i, 'it names the invoice it corrects')
  t.equal(screen.queryByRole('region', { name: 'Paiements' }), null)
  t.equal(screen.queryByRole('region', { name: 'Créer un avoir' }), null)
  const sending = screen.getByRole('region', { name: 'Envoi au client' })
  t.match(textOf(sending), /Pas encore envoyé par Paraphe\. Le client reçoit le PDF et un lien pour consulter l’avoir, sans compte\./)
  await press('Envoyer l’avoir', sending)
  await untilText(/Avoir envoyé à .+, avec un lien pour le consulter\./)
  t.equal(within(sending).queryByRole('button', { name: 'Relancer le client' }), null, 'nothing to pay, nothing to remind')
  creditPage()

  // The rest credited as a whole: nothing left to credit.
  const rest = open(pro, invoice.id)
  const panelRest = await screen.findByRole('region', { name: 'Créer un avoir' })
  t.match(textOf(panelRest), /Toute la facture \(353,24 € TTC\)/, 'what is left to credit')
  t.match(textOf(screen.getByRole('region', { name: 'Paiements' })), /Annulé par avoir50,00 €/)
  await press('Préparer l’avoir', panelRest)
  await waitFor(() => {
    if (currentLocation() === `/espace/factures/${invoice.id}`) throw new Error(`still on the invoice: ${textOf(panelRest)}`)
  })
  const whole = currentLocation().replace('/espace/factures/', '')
  rest()
  // A credit note drafted meanwhile: once the rest is credited it cannot be issued.
  const extra = (await pro.request('POST', `/api/invoices/${invoice.id}/credit-notes`, { creditAmountCents: 1000 })).json<{
    invoice: Invoice
  }>().invoice
  await invoicesApi.issue(pro.api, whole)
  const fully = open(pro, invoice.id)
  await untilText('Cette facture est entièrement annulée par avoir.')
  fully()
  t.teardown(open(pro, extra.id))
  const refused = await screen.findByRole('alert')
  t.match(
    textOf(refused),
    /^Cette facture est déjà entièrement annulée par avoir\. Corrigez-le, puis supprimez ce brouillon et préparez-en un nouveau\./
  )
})

t.test('the files: the PDF and the XML downloaded, a failure said', async (t) => {
  const pro = await owner()
  const quote = await signedQuote(gateway, pro)
  const invoice: Invoice = await issuedInvoice(pro, { kind: 'deposit', quoteId: quote.id })
  const saved: string[] = []
  // The page hands each file to the browser through a link's click: the test reads it there.
  const onClick = (event: Event) => {
    if (event.target instanceof HTMLAnchorElement && event.target.download !== '') {
      saved.push(event.target.download)
      event.preventDefault()
    }
  }
  document.addEventListener('click', onClick)
  t.teardown(() => document.removeEventListener('click', onClick))
  const unmount = open(pro, invoice.id)
  await press('Télécharger la facture (Factur-X)')
  await press('Télécharger le XML')
  await waitFor(() => {
    if (saved.length < 2) throw new Error('not yet')
  })
  t.same(saved.map((name) => name.split('.').at(-1)).sort(), ['pdf', 'xml'], 'both files handed to the browser')
  unmount()

  const failing = createApiClient({
    getAccessToken: async () => pro.token,
    fetch: (input, init) => (String(input).endsWith('/pdf') ? Promise.reject(new TypeError('fetch failed')) : gateway.fetch(input, init))
  })
  t.teardown(open(pro, invoice.id, failing))
  await press('Télécharger la facture (Factur-X)')
  t.match(textOf(await screen.findByRole('alert')), networkSaid)
})
