// A signed quote's « Facturer » page in a DOM against the real gateway: the deposit offered first
// with the quote's 30 %, prepared as a draft; that draft reopened in its form from
// `?brouillon=` and saved in place; then, with the deposit issued, the situation offered next; a
// quote that is not signed is refused by the gateway, and the page says why. The signed quote's
// invoicing box (on the quote's page): the deposit offered first, then what is invoiced, then done.
import './dom/register.js'
import t from 'tap'
import { screen, within } from '@testing-library/dom'
import type { Quote } from '@paraphe/shared/quote'
import { parisIsoDate } from '@paraphe/shared/dates'
import { Component as QuoteInvoicingPage } from '@/features/invoices/routes/quote-invoicing'
import { QuoteInvoicingBox } from '@/features/quotes/components/quote-invoicing-box'
import { invoicesApi } from '@/lib/invoices-api'
import { completeContent } from '../../../gateway/test/support/workspace-users.js'
import { issuedInvoice, signedQuote } from './dom/invoices.js'
import { press, renderPage, startGateway, textOf, typeInto, type SignedIn } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
const ROUTE = '/espace/devis/:id/facturation'
const pause = () => new Promise((resolve) => setTimeout(resolve, 100))

async function sentQuote(owner: SignedIn, signed: boolean): Promise<Quote> {
  const quote = (await owner.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{
    quote: Quote
  }>().quote
  await owner.request('POST', `/api/quotes/${quote.id}/send`)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  if (signed) await gateway.app.db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  return quote
}

t.test('the deposit first, its draft edited in place, then the situation', async (t) => {
  const owner = await gateway.owner()
  const quote = await sentQuote(owner, true)
  const unmount = renderPage(<QuoteInvoicingPage />, {
    api: owner.api,
    userId: owner.id,
    at: `/espace/devis/${quote.id}/facturation`,
    route: ROUTE
  })
  await screen.findByRole('heading', { level: 1, name: /^Facturer le devis DEV-/ })
  t.match(textOf(await screen.findByText(/Le devis signé prévoit un acompte/)), /30 %/)
  await press('Préparer la facture d’acompte')
  const drafts = async () => (await invoicesApi.list(owner.api, { quoteId: quote.id })).invoices
  // The page moves on once the gateway answered; on a busy machine that can take seconds.
  for (let tries = 0; tries < 300 && (await drafts()).length === 0; tries += 1) await pause()
  const [draft] = await drafts()
  t.match(draft, { kind: 'deposit', status: 'draft', totalTtcCents: 40_324 }, '30 % of 1 344,13 € TTC, a draft without a number')
  unmount()

  const editing = renderPage(<QuoteInvoicingPage />, {
    api: owner.api,
    userId: owner.id,
    at: `/espace/devis/${quote.id}/facturation?brouillon=${draft?.id ?? ''}`,
    route: ROUTE
  })
  t.ok(await screen.findByText(/Vous modifiez le brouillon préparé le/), 'the draft reopened in its form')
  typeInto(/^Pourcentage/, '40')
  await press('Enregistrer le brouillon')
  for (let tries = 0; tries < 300 && (await invoicesApi.get(owner.api, draft?.id ?? '')).totalTtcCents !== 53_765; tries += 1) await pause()
  t.match(await invoicesApi.get(owner.api, draft?.id ?? ''), { status: 'draft', totalTtcCents: 53_765 }, 'saved in place: 40 % now')
  editing()

  await invoicesApi.issue(owner.api, draft?.id ?? '')
  renderPage(<QuoteInvoicingPage />, { api: owner.api, userId: owner.id, at: `/espace/devis/${quote.id}/facturation`, route: ROUTE })
  t.ok(await screen.findByRole('heading', { name: 'Facture de situation n° 1' }), 'with a deposit issued, the situation comes next')
})

t.test('a quote that is not signed is not invoiced, and the page says why', async (t) => {
  const owner = await gateway.owner()
  const quote = await sentQuote(owner, false)
  renderPage(<QuoteInvoicingPage />, { api: owner.api, userId: owner.id, at: `/espace/devis/${quote.id}/facturation`, route: ROUTE })
  t.ok(await screen.findByText(/Seul un devis signé par le client peut être facturé\./), 'the gateway’s refusal, in French')
})

t.test('the signed quote’s invoicing box: the deposit offered, then what is invoiced, then the balance done', async (t) => {
  const owner = await gateway.owner('pro')
  const box = async (quote: Quote) => {
    const unmount = renderPage(<QuoteInvoicingBox quote={quote} />, { api: owner.api, userId: owner.id })
    const region = await screen.findByRole('region')
    return { region, text: textOf(region), unmount }
  }
  const links = (region: HTMLElement) =>
    within(region)
      .getAllByRole('link')
      .map((link) => [textOf(link), link.getAttribute('href'), link.className])

  const quote = await signedQuote(gateway, owner)
  let shown = await box(quote)
  t.equal(textOf(within(shown.region).getByRole('heading')), 'Devis signé : facturez l’acompte', 'right after the signature')
  t.match(shown.text, /Le devis prévoit un acompte de 30 % sur 1 344,13 € TTC : facturez-le maintenant/)
  t.same(links(shown.region), [
    ['Facturer l’acompte', `/espace/devis/${quote.id}/facturation?facture=acompte`, 'button button--primary'],
    ['Facture de situation', `/espace/devis/${quote.id}/facturation?facture=situation`, 'button button--ghost'],
    ['Facture de solde', `/espace/devis/${quote.id}/facturation?facture=solde`, 'button button--ghost']
  ])
  shown.unmount()

  const noDeposit = await signedQuote(gateway, owner, { depositBp: 0 })
  shown = await box(noDeposit)
  t.match(shown.text, /Facturez un acompte, une situation au fil du chantier, puis le solde/, 'no deposit in the quote')
  shown.unmount()

  await issuedInvoice(owner, { kind: 'deposit', quoteId: quote.id })
  await issuedInvoice(owner, { kind: 'progress', quoteId: quote.id, progressBp: 5000 })
  shown = await box(quote)
  t.equal(textOf(within(shown.region).getByRole('heading')), 'Facturation')
  t.match(shown.text, /Facturé : 873,67 € TTC sur 1 344,13 € \(avancement 50 %\), reste 470,46 € TTC\./, 'the deposit and the situation')
  t.match(links(shown.region)[1], ['Facture de situation', /situation$/, 'button button--primary'], 'the next situation comes first')
  shown.unmount()

  await issuedInvoice(owner, { kind: 'final', quoteId: quote.id })
  shown = await box(quote)
  t.match(
    shown.text,
    /Facturé : 1 344,13 € TTC sur 1 344,13 € \(avancement 50 %\), solde facturé\./,
    'the whole quote once the balance is issued'
  )
  t.same(links(shown.region), [['Voir les factures de ce devis', `/espace/devis/${quote.id}/facturation`, '']])
  shown.unmount()
})
