// The reverse charge (construction sub-contracting, art. 283-2 nonies du CGI) as the invoicing
// forms offer it: only for a business client, refused in French for a private one; chosen on a
// quote's first invoice and kept by the later ones (a draft situation follows the issued deposit;
// asking the other regime mid-way is refused, either way); an invoice without a quote chooses for
// itself.
import t from 'tap'
import type { Quote } from '@paraphe/shared/quote'
import { testDatabase } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'
import { invoiceOf, today, type ErrorJson } from './support/invoice-mail-cases.js'

t.setTimeout(300_000)
const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())

async function signedQuote(user: TestUser, client: Quote['client']): Promise<Quote> {
  const content = completeContent(today)
  const quote = (await user.request('POST', '/api/quotes', { content: { ...content, client } })).json<{ quote: Quote }>().quote
  t.equal((await user.request('POST', `/api/quotes/${quote.id}/send`)).statusCode, 200)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  return quote
}

t.test('reverse charge: a business client only, and one regime per quote', async (t) => {
  const pro = await newUser(app)
  await subscribe(db, pro.id, 'pro')
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const base: Quote['client'] = { ...completeContent(today).client, kind: 'individual' }

  const privateQuote = await signedQuote(pro, base)
  const refused = await pro.request('POST', '/api/invoices', {
    request: { kind: 'deposit', quoteId: privateQuote.id, reverseCharge: true }
  })
  t.equal(refused.statusCode, 422)
  t.match(refused.json<ErrorJson>().error.message, /L’autoliquidation ne concerne qu’un client professionnel/)
  const withVat = invoiceOf(await pro.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: privateQuote.id } }))
  t.equal(invoiceOf(await pro.request('POST', `/api/invoices/${withVat.id}/issue`)).document?.vatRegime, 'standard')
  const midway = await pro.request('POST', '/api/invoices', {
    request: { kind: 'progress', quoteId: privateQuote.id, progressBp: 4000, reverseCharge: true }
  })
  t.equal(midway.statusCode, 422)
  t.match(
    midway.json<ErrorJson>().error.message,
    /l’autoliquidation ne peut pas commencer en cours de chantier/,
    'not switched on mid-way either'
  )

  const business = await signedQuote(pro, { ...base, kind: 'business', company: 'Bâti Rhône SAS' })
  const depositDraft = invoiceOf(
    await pro.request('POST', '/api/invoices', {
      request: { kind: 'deposit', quoteId: business.id, clientSiren: '732829320', reverseCharge: true }
    })
  )
  t.equal(depositDraft.document?.vatRegime, 'reverse_charge')
  t.equal(depositDraft.totalTtcCents, depositDraft.totalHtCents, 'no VAT on the invoice: the buyer pays it')
  const deposit = invoiceOf(await pro.request('POST', `/api/invoices/${depositDraft.id}/issue`))
  t.equal(deposit.status, 'issued')

  const inherited = invoiceOf(
    await pro.request('POST', '/api/invoices', {
      request: { kind: 'progress', quoteId: business.id, clientSiren: '732829320', progressBp: 4000 }
    })
  )
  t.equal(inherited.document?.vatRegime, 'reverse_charge', 'the situation follows the deposit')
  const switched = await pro.request('PUT', `/api/invoices/${inherited.id}`, {
    version: inherited.version,
    request: { ...inherited.request, reverseCharge: false }
  })
  t.equal(switched.statusCode, 422)
  t.match(switched.json<ErrorJson>().error.message, /Les factures précédentes de ce devis sont en autoliquidation/)

  // An invoice without a quote, to a main contractor, asking for the reverse charge.
  const subcontracting = {
    request: {
      kind: 'standard',
      client: { kind: 'business', name: 'Bâti Rhône SAS', company: 'Bâti Rhône SAS', address: '3 rue de la Part-Dieu\n69003 Lyon' },
      clientSiren: '732829320',
      reverseCharge: true,
      lines: [{ description: 'Pose de placo', quantityMilli: 2000, unitPriceCents: 30_000, vatRateBp: 2000 }]
    }
  }
  const standalone = await pro.request('POST', '/api/invoices', subcontracting)
  t.equal(standalone.statusCode, 201, standalone.body.slice(0, 300))
  t.match(invoiceOf(standalone), { totalHtCents: 60_000, totalTtcCents: 60_000, document: { vatRegime: 'reverse_charge' } })

  const franchised = await newUser(app)
  await subscribe(db, franchised.id, 'pro')
  await franchised.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, franchiseEnBase: true })
  const underFranchise = await franchised.request('POST', '/api/invoices', subcontracting)
  t.equal(underFranchise.statusCode, 422, 'reverse charge asked under the franchise: refused, not silently dropped')
  t.match(underFranchise.json<ErrorJson>().error.message, /franchise en base de TVA/)
})
