// A signed quote's « Facturer » page in a DOM against the real gateway: the deposit offered first
// with the quote's 30 %, prepared as a draft; that draft reopened in its form from
// `?brouillon=` and saved in place; then, with the deposit issued, the situation offered next; a
// quote that is not signed is refused by the gateway, and the page says why.
import './dom/register.js'
import t from 'tap'
import { screen } from '@testing-library/dom'
import type { Quote } from '@paraphe/shared/quote'
import { parisIsoDate } from '@paraphe/shared/dates'
import { Component as QuoteInvoicingPage } from '@/features/invoices/routes/quote-invoicing'
import { invoicesApi } from '@/lib/invoices-api'
import { completeContent } from '../../../gateway/test/support/workspace-users.js'
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
