// « Factures liées » on an invoice's page, in a DOM against the real gateway: a signed quote's
// deposit and its credit note linked to the quote and to each other, this invoice marked and shown
// as the page holds it now; a credit note of an invoice without a quote links to what it corrects;
// an invoice on its own shows no panel.
import './dom/register.js'
import t from 'tap'
import { screen, within } from '@testing-library/dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { InvoiceChainPanel } from '@/features/invoices/components/invoice-chain-panel'
import { completeContent } from '../../../gateway/test/support/workspace-users.js'
import { renderPage, startGateway, textOf, type SignedIn } from './dom/page.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process.
t.setTimeout(180_000)

const gateway = await startGateway()
t.teardown(gateway.close)

async function answer(user: SignedIn, method: 'POST', url: string, body?: unknown): Promise<Invoice> {
  const response = await user.request(method, url, body)
  if (response.statusCode >= 300) throw new Error(response.body.slice(0, 300))
  return response.json<{ invoice: Invoice }>().invoice
}

async function issued(user: SignedIn, request: object): Promise<Invoice> {
  const draft = await answer(user, 'POST', '/api/invoices', { request })
  return answer(user, 'POST', `/api/invoices/${draft.id}/issue`)
}

t.test('a quote’s deposit and its credit note', async (t) => {
  const owner = await gateway.owner()
  const quote = (await owner.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{
    quote: Quote
  }>().quote
  await owner.request('POST', `/api/quotes/${quote.id}/send`)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  await gateway.app.db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  const deposit = await issued(owner, { kind: 'deposit', quoteId: quote.id })
  const credit = await answer(owner, 'POST', `/api/invoices/${deposit.id}/credit-notes`, { creditAmountCents: 5000, issue: true })

  let unmount = renderPage(<InvoiceChainPanel invoice={deposit} />, { api: owner.api, userId: owner.id })
  const panel = (await screen.findByRole('heading', { name: 'Factures liées' })).parentElement ?? document.body
  const quoteLink = await within(panel).findByRole('link', { name: /^Devis DEV-/ })
  t.equal(quoteLink.getAttribute('href'), `/espace/devis/${quote.id}`)
  const creditLink = await within(panel).findByRole('link', { name: new RegExp(credit.number ?? 'no number') })
  t.equal(creditLink.getAttribute('href'), `/espace/factures/${credit.id}`, 'the credit note, one click away')
  const current = panel.querySelector('[aria-current="true"]')
  t.match(textOf(current), `${deposit.number} (cette facture)`, 'this invoice marked, not a link')
  t.match(textOf(current), '403,24 € TTC')
  t.equal(within(panel).queryByText('Facture corrigée par cet avoir'), null, 'what it corrects is in the chain already')
  unmount()

  unmount = renderPage(<InvoiceChainPanel invoice={credit} />, { api: owner.api, userId: owner.id })
  t.ok(await screen.findByRole('link', { name: new RegExp(deposit.number ?? 'no number') }), 'the deposit it corrects')
  t.match(textOf(document.querySelector('[aria-current="true"]')), `${credit.number ?? 'no number'} (cette facture)`)
  unmount()
})

t.test('a credit note without a quote, and an invoice on its own', async (t) => {
  const owner = await gateway.owner()
  const invoice = await issued(owner, {
    kind: 'standard',
    client: { kind: 'individual', name: 'Mme Martin', address: '3 rue des Lilas\n69003 Lyon' },
    lines: [{ description: 'Dépannage', quantityMilli: 1000, unitPriceCents: 9_000, vatRateBp: 1000 }]
  })
  const credit = await answer(owner, 'POST', `/api/invoices/${invoice.id}/credit-notes`, { issue: true })
  let unmount = renderPage(<InvoiceChainPanel invoice={credit} />, { api: owner.api, userId: owner.id })
  const corrected = await screen.findByRole('link', { name: 'Facture corrigée par cet avoir' })
  t.equal(corrected.getAttribute('href'), `/espace/factures/${invoice.id}`)
  t.equal(screen.queryByRole('link', { name: /^Devis/ }), null, 'no quote to go back to')
  unmount()

  unmount = renderPage(<InvoiceChainPanel invoice={invoice} />, { api: owner.api, userId: owner.id })
  t.equal(screen.queryByRole('heading', { name: 'Factures liées' }), null, 'nothing linked, no panel')
  unmount()
})
