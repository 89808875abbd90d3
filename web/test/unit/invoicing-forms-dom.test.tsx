// The three invoicing forms of a signed quote (« Facturer le devis ») in a DOM against the real
// gateway: the deposit as a percentage or an amount with its refusals, the situation with its
// deposit deduction (proportional or first) and its preview, the line-by-line progress, the
// retenue de garantie and the client's SIREN, the final invoice with its deductions; the gateway's
// refusal and a network failure said in French.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { Component as QuoteInvoicingPage } from '@/features/invoices/routes/quote-invoicing'
import { createApiClient } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { quoteClient } from '../../../gateway/test/support/quote-content.js'
import { CLIENT_SIREN, draftInvoice, issuedInvoice, signedQuote } from './dom/invoices.js'
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
const ROUTE = '/espace/devis/:id/facturation'
const BUSINESS = quoteClient({ kind: 'business', company: 'SARL Bâtir Ensemble', name: 'Paul Roche' })

function open(owner: SignedIn, at: string, api = owner.api): () => void {
  return renderPage(<QuoteInvoicingPage />, { api, userId: owner.id, at, route: ROUTE })
}
const choose = (label: RegExp) => fireEvent.click(screen.getByLabelText(label))
const invoiceId = () => currentLocation().replace('/espace/factures/', '')
const saved = (owner: SignedIn): Promise<Invoice> => invoicesApi.get(owner.api, invoiceId())

t.test('the deposit: a percentage or an amount, each refusal said, then the draft', async (t) => {
  const owner = await gateway.owner('pro')
  const quote = await signedQuote(gateway, owner, { depositBp: 0 })
  const unmount = open(owner, `/espace/devis/${quote.id}/facturation?facture=acompte`)
  t.teardown(unmount)
  await untilText('Le devis ne prévoit pas d’acompte chiffré : indiquez-le.')
  t.match(textOf(), /Acompte : 403,24 € TTC sur 1 344,13 €\./, 'the default 30 % previewed')
  typeInto(/^Pourcentage du devis/, 'trente')
  t.notMatch(textOf(), /Acompte : /, 'no preview for what is not a number')
  await press('Préparer la facture d’acompte')
  await untilText(/pourcentage|nombre/i)
  typeInto(/^Pourcentage du devis/, '0')
  await press('Préparer la facture d’acompte')
  await untilText('Indiquez un pourcentage supérieur à zéro.')

  choose(/Un montant TTC/)
  t.equal(screen.queryByLabelText(/^Pourcentage du devis/), null, 'the percentage gives way to the amount')
  typeInto(/^Montant TTC de l’acompte/, '0')
  await press('Préparer la facture d’acompte')
  await untilText('Indiquez un montant supérieur à zéro.')
  typeInto(/^Montant TTC de l’acompte/, '2000')
  await press('Préparer la facture d’acompte')
  await untilText('L’acompte ne peut pas dépasser le reste à facturer (1 344,13 € TTC).')
  typeInto(/^Montant TTC de l’acompte/, 'deux cents')
  await press('Préparer la facture d’acompte')
  await untilText(/montant|nombre/i)
  t.equal(screen.getByLabelText(/^Montant TTC de l’acompte/).getAttribute('aria-invalid'), 'true', 'not a number: refused')
  typeInto(/^Montant TTC de l’acompte/, '200,50')
  await press('Préparer la facture d’acompte')
  await waitForLocation(/^\/espace\/factures\/[^/]+$/)
  const deposit = await saved(owner)
  t.match(deposit, { kind: 'deposit', status: 'draft', request: { depositAmountCents: 20_050 } }, 'the amount asked, TTC')
  // Split over the quote's two VAT rates, each rounded to the cent.
  t.ok(Math.abs(deposit.totalTtcCents - 20_050) <= 1, `${deposit.totalTtcCents} cents TTC`)
})

t.test('the deposit refused by the gateway, then by a network failure, in French', async (t) => {
  const owner = await gateway.owner('pro')
  const quote = await signedQuote(gateway, owner)
  const unmount = open(owner, `/espace/devis/${quote.id}/facturation`)
  await untilText('Le devis signé prévoit un acompte de 30 %.')
  // Cancelled meanwhile (another tab): the gateway refuses the deposit.
  await gateway.app.db.query(`update paraphe.quotes set status = 'sent' where id = $1`, [quote.id])
  await press('Préparer la facture d’acompte')
  t.match(textOf(await screen.findByRole('alert')), /Seul un devis signé par le client peut être facturé\./)
  t.equal(screen.getByRole<HTMLButtonElement>('button', { name: 'Préparer la facture d’acompte' }).disabled, false, 'it can be tried again')
  unmount()

  await gateway.app.db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  // Reading works; the draft's request never reaches the gateway.
  const offline = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => (init?.method === 'POST' ? Promise.reject(new TypeError('fetch failed')) : gateway.fetch(input, init))
  })
  t.teardown(open(owner, `/espace/devis/${quote.id}/facturation`, offline))
  await press('Préparer la facture d’acompte')
  const alert = await screen.findByRole('alert')
  t.match(textOf(alert), /connexion|réseau|joindre/i, 'the network failure said, not thrown')
  t.same(await invoicesApi.list(owner.api, { quoteId: quote.id }).then((list) => list.invoices), [], 'nothing was made')
})

t.test('a business client’s situation after a deposit: the deduction chosen, previewed, and kept', async (t) => {
  const owner = await gateway.owner('pro')
  const quote = await signedQuote(gateway, owner, { client: BUSINESS })
  await issuedInvoice(owner, { kind: 'deposit', quoteId: quote.id, clientSiren: CLIENT_SIREN })
  const unmount = open(owner, `/espace/devis/${quote.id}/facturation?facture=situation`)
  await screen.findByRole('heading', { name: 'Facture de situation n° 1' })
  await untilText('Déduction de l’acompte (403,24 € TTC)')
  t.ok(screen.getByLabelText<HTMLInputElement>(/Au prorata de l’avancement/).checked, 'proportional by default')
  t.match(textOf(), /Le régime de TVA \(avec TVA ou en autoliquidation\) reste celui de la première facture de ce devis\./)
  const statement = () => textOf(document.querySelector('.invoice-statement'))
  t.match(statement(), /10 %/, 'the next 10 % previewed')
  t.match(statement(), /TTC environ$/)
  const proportional = statement()
  choose(/Sur les premières situations/)
  await waitFor(() => {
    if (statement() === proportional) throw new Error('preview unchanged')
  })
  t.match(statement(), /0,00 € TTC environ/, 'the first 10 % is all taken back by the 30 % deposit')

  typeInto(/^Avancement cumulé/, '120')
  await press('Préparer la facture de situation')
  await untilText('Un pourcentage ne peut pas dépasser 100.')
  t.equal(statement(), '', 'no preview for a refused progress')
  t.equal(screen.getByLabelText(/^Avancement cumulé/).getAttribute('aria-invalid'), 'true')
  typeInto(/^Avancement cumulé/, '0')
  await press('Préparer la facture de situation')
  await untilText('L’avancement cumulé doit dépasser celui de la situation précédente.')
  typeInto(/^Avancement cumulé/, '50')

  // The retenue de garantie, refused out of its range, and the SIREN asked.
  choose(/Retenue de garantie/)
  typeInto(/^Taux de la retenue/, '0')
  await press('Préparer la facture de situation')
  await untilText('Indiquez le taux de la retenue, ou décochez-la.')
  await untilText('Le SIREN du client professionnel est obligatoire sur la facture.')
  typeInto(/^Taux de la retenue/, '7')
  typeInto('SIREN du client', '12345')
  await press('Préparer la facture de situation')
  await untilText('La retenue de garantie est de 5 % au plus.')
  await untilText('Le SIREN compte 9 chiffres (les 9 premiers du SIRET).')
  typeInto(/^Taux de la retenue/, 'cinq')
  await press('Préparer la facture de situation')
  await untilText('La retenue de garantie est de 5 % au plus.', true)
  typeInto(/^Taux de la retenue/, '5')
  typeInto('SIREN du client', '732 829 320')
  await press('Préparer la facture de situation')
  await waitForLocation(/^\/espace\/factures\/[^/]+$/)
  const situation = await saved(owner)
  t.match(situation.request, { kind: 'progress', progressBp: 5000, depositDeduction: 'first', retentionBp: 500, clientSiren: CLIENT_SIREN })
  unmount()

  await invoicesApi.issue(owner.api, situation.id)
  const later = open(owner, `/espace/devis/${quote.id}/facturation?facture=situation`)
  await screen.findByRole('heading', { name: 'Facture de situation n° 2' })
  await untilText(/L’acompte est déduit .+ \(0,00 € TTC restent à déduire\)\./)
  t.equal(screen.queryByLabelText(/Au prorata/), null, 'the choice is made once for the quote')
  later()

  // The final invoice lists what it deducts, by number.
  t.teardown(open(owner, `/espace/devis/${quote.id}/facturation?facture=solde`))
  await screen.findByRole('heading', { name: 'Facture de solde' })
  await untilText('La facture de solde reprend tout le devis et déduit ce qui a déjà été facturé')
  const deductions = [...document.querySelectorAll('.invoice-deductions li')].map((item) => textOf(item))
  t.equal(deductions.length, 2, 'the deposit and the situation')
  t.match(deductions[0], /^Acompte F-\d{4}-\d{4} du .+ : −403,24 € TTC$/, 'by its number and date')
  t.match(
    deductions[1],
    /^Situation F-\d{4}-\d{4} du .+ : −268,83 € TTC$/,
    'half the quote (672,07 €) less the whole deposit, taken back first'
  )
  t.match(textOf(), /Reste à facturer : .+ TTC\./)
  typeInto('SIREN du client', CLIENT_SIREN)
  await press('Préparer la facture de solde')
  await waitForLocation(/^\/espace\/factures\/[^/]+$/)
  t.match(await saved(owner), { kind: 'final', status: 'draft' })
})

t.test('a situation line by line: each line’s refusal, then a draft reopened in its lines', async (t) => {
  const owner = await gateway.owner('pro')
  const quote = await signedQuote(gateway, owner, { depositBp: 0 })
  const unmount = open(owner, `/espace/devis/${quote.id}/facturation?facture=situation`)
  await screen.findByRole('heading', { name: 'Facture de situation n° 1' })
  t.equal(screen.queryByText(/Déduction de l’acompte/), null, 'no deposit, nothing to deduct')
  choose(/Ligne par ligne/)
  t.equal(screen.queryByLabelText(/^Avancement cumulé/), null)
  await press('Préparer la facture de situation')
  await untilText('Faites avancer au moins une ligne.')
  typeInto('Dépose de l’ancienne baignoire', '150')
  typeInto('Main-d’œuvre plomberie', 'moitié')
  await press('Préparer la facture de situation')
  await untilText('Un pourcentage ne peut pas dépasser 100.')
  await untilText('Indiquez un pourcentage, avec au plus 2 décimales (par exemple 12,5).')
  t.equal(screen.getByLabelText('Main-d’œuvre plomberie').getAttribute('aria-invalid'), 'true')
  typeInto('Dépose de l’ancienne baignoire', '100')
  typeInto('Main-d’œuvre plomberie', '50')
  await press('Préparer la facture de situation')
  await waitForLocation(/^\/espace\/factures\/[^/]+$/)
  const draft = await saved(owner)
  t.match(draft.request, {
    kind: 'progress',
    progressLines: [
      { lineId: 'l1', cumulativeBp: 10_000 },
      { lineId: 'l2', cumulativeBp: 5000 },
      { lineId: 'l3', cumulativeBp: 0 }
    ]
  })
  unmount()

  const editing = open(owner, `/espace/devis/${quote.id}/facturation?brouillon=${draft.id}`)
  await untilText(/Vous modifiez le brouillon préparé le/)
  t.equal(screen.getByLabelText<HTMLInputElement>('Main-d’œuvre plomberie').value, '50', 'the draft’s own lines')
  typeInto('Receveur de douche 90 × 120', '25')
  await press('Enregistrer le brouillon')
  await waitForLocation(`/espace/factures/${draft.id}`)
  t.match((await invoicesApi.get(owner.api, draft.id)).request.progressLines, [{}, {}, { lineId: 'l3', cumulativeBp: 2500 }])
  editing()

  // The next situation starts from each line's last progress, which never goes back.
  await invoicesApi.issue(owner.api, draft.id)
  t.teardown(open(owner, `/espace/devis/${quote.id}/facturation?facture=situation`))
  await screen.findByRole('heading', { name: 'Facture de situation n° 2' })
  choose(/Ligne par ligne/)
  t.equal(screen.getByLabelText<HTMLInputElement>('Main-d’œuvre plomberie').value, '50')
  t.match(textOf(screen.getByLabelText('Main-d’œuvre plomberie').closest('li')), /Déjà facturé : 50 %/)
  typeInto('Main-d’œuvre plomberie', '40')
  await press('Préparer la facture de situation')
  await untilText('L’avancement d’une ligne ne peut pas baisser.')
})

t.test('the whole quote in one invoice, with the reverse charge chosen for a business client', async (t) => {
  const owner = await gateway.owner('pro')
  const quote = await signedQuote(gateway, owner, { client: BUSINESS })
  t.teardown(open(owner, `/espace/devis/${quote.id}/facturation?facture=solde`))
  await screen.findByRole('heading', { name: 'Facture du devis entier' })
  await untilText('Rien n’a encore été facturé : la facture porte sur tout le devis, sans acompte à déduire.')
  t.equal(document.querySelector('.invoice-deductions'), null)
  choose(/Autoliquidation/)
  typeInto('SIREN du client', CLIENT_SIREN)
  await press('Préparer la facture')
  await waitForLocation(/^\/espace\/factures\/[^/]+$/)
  t.match(await saved(owner), { kind: 'final', request: { reverseCharge: true, retentionBp: 0 } })
})

t.test('a draft’s kind no longer possible: a new invoice is prepared instead', async (t) => {
  const owner = await gateway.owner('pro')
  const quote = await signedQuote(gateway, owner)
  const deposit = await draftInvoice(owner, { kind: 'deposit', quoteId: quote.id })
  await issuedInvoice(owner, { kind: 'final', quoteId: quote.id })
  t.teardown(open(owner, `/espace/devis/${quote.id}/facturation?brouillon=${deposit.id}`))
  await untilText('Ce devis est entièrement facturé.')
  t.equal(screen.queryByText(/Vous modifiez le brouillon/), null)
})
