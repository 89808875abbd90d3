// An invoice's whole life through the workspace's API on a real signed quote: deposit → two
// situations (one with a retenue de garantie) → final → partial credit note → payments, with the
// amounts computed by hand below; and the refusals a professional can meet on the way.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Quote } from '@paraphe/shared/quote'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { testDatabase } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, type TestUser } from '../support/workspace-users.js'
import { errorsOf, validateFolder } from './support/facturx-validator.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process (and the kit runs a JVM): on a loaded
// machine this file needs more than tap's default per-file time.
t.setTimeout(600_000)

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())
const today = parisIsoDate(new Date())

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> }
}
const invoiceOf = (response: { json: <T>() => T }) => response.json<{ invoice: Invoice }>().invoice
function documentOf(invoice: Invoice): InvoiceDocument {
  if (invoice.document === null) throw new Error(`no document: ${invoice.draftProblem ?? ''}`)
  return invoice.document
}

/** A sent quote of completeContent (HT 687,50 € at 10 %, 489,90 € at 20 %; TTC 1 344,13 €), signed by its client. */
async function signedQuote(user: TestUser): Promise<Quote> {
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await user.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  t.equal((await user.request('POST', `/api/quotes/${draft.id}/send`)).statusCode, 200)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [draft.id])
  return draft
}

async function issued(user: TestUser, request: object): Promise<Invoice> {
  const created = await user.request('POST', '/api/invoices', { request })
  t.equal(created.statusCode, 201, `draft created: ${created.body.slice(0, 300)}`)
  const draft = invoiceOf(created)
  t.equal(draft.number, null, 'a draft has no number')
  const response = await user.request('POST', `/api/invoices/${draft.id}/issue`)
  t.equal(response.statusCode, 200, `issued: ${response.body.slice(0, 300)}`)
  return invoiceOf(response)
}

t.test('deposit, two situations, final, credit note and payments on one signed quote', async (t) => {
  const user = await newUser(app)
  const quote = await signedQuote(user)

  const deposit = await issued(user, { kind: 'deposit', quoteId: quote.id })
  t.match(deposit, {
    kind: 'deposit',
    status: 'issued',
    number: /^F-\d{4}-0001$/,
    totalHtCents: 20625 + 14697,
    totalTtcCents: 40324,
    paymentStatus: 'unpaid'
  })
  t.equal(deposit.dueDate, today, 'a deposit is payable on receipt')
  t.same(
    documentOf(deposit).lines.map((line) => [line.vatRateBp, line.unitPriceCents]),
    [
      [1000, 20625],
      [2000, 14697]
    ],
    '30 % of the quote at each VAT rate'
  )
  t.match(documentOf(deposit).lines[0]?.description, /Acompte de 30 ?% sur le devis DEV-\d{4}-\d{4}/)

  // 40 % of the work is 275,00 € HT at 10 % and 195,96 € at 20 %; 40 % of the deposit comes off
  // it: 82,50 € and 58,79 € (146,97 × 0,4 = 58,788). Bases 192,50 € and 137,17 €, VAT 19,25 € and
  // 27,43 €: 376,35 € TTC (without the deduction it would have been 537,65 €).
  const first = await issued(user, { kind: 'progress', quoteId: quote.id, progressBp: 4000 })
  t.match(first, { number: /-0002$/, totalTtcCents: 37635 })
  t.same(documentOf(first).progress, { situationNumber: 1, cumulativeBp: 4000, previousBp: 0, depositDeduction: 'proportional' })
  t.same(
    documentOf(first).deductions.map((deduction) => [deduction.kind, deduction.number, deduction.amounts.map((amount) => amount.htCents)]),
    [['deposit', deposit.number, [8250, 5879]]],
    'the deposit taken back in proportion to the work invoiced'
  )

  const backwards = await user.request('POST', '/api/invoices', { request: { kind: 'progress', quoteId: quote.id, progressBp: 3000 } })
  t.equal(backwards.statusCode, 422, 'progress never goes down')
  t.match(backwards.json<ErrorJson>().error.message, /ne peut pas baisser/)
  const over = await user.request('POST', '/api/invoices', { request: { kind: 'progress', quoteId: quote.id, progressBp: 10_001 } })
  t.equal(over.statusCode, 400, 'never above 100 %')

  const second = await issued(user, { kind: 'progress', quoteId: quote.id, progressBp: 6000, retentionBp: 500 })
  t.same(
    documentOf(second).progress,
    { situationNumber: 2, cumulativeBp: 6000, previousBp: 4000, depositDeduction: 'proportional' },
    '« situation n° 2 : cumul 60 %, déjà facturé 40 % »'
  )
  // 20 % more of each line: 137,50 € and 97,98 € HT, less the deposit up to 60 % (123,75 € and
  // 88,18 € in all) minus the 82,50 € and 58,79 € already taken: 41,25 € and 29,39 €. Bases 96,25 €
  // and 68,59 €, VAT 9,63 € and 13,72 €: 188,19 € TTC.
  t.same(
    documentOf(second).deductions.map((deduction) => deduction.amounts.map((amount) => amount.htCents)),
    [[4125, 2939]]
  )
  t.equal(second.totalTtcCents, 18819, '20 % more of each line, less 20 % of the deposit')
  t.equal(second.amountDueCents, 18819 - 941, 'the 5 % retenue de garantie is held back from what is due now')

  const final = await issued(user, { kind: 'final', quoteId: quote.id })
  t.same(
    documentOf(final).deductions.map((deduction) => deduction.number),
    [deposit.number, first.number, second.number],
    'each deposit and situation deducted by its number'
  )
  // The 40 % of the work left (275,00 € and 195,96 € HT) less the 40 % of the deposit not yet taken back.
  t.equal(final.totalHtCents, 19250 + 13717, 'what the quote leaves after them, HT')
  t.equal(final.totalTtcCents, 37635)
  t.equal(
    deposit.totalTtcCents + first.totalTtcCents + second.totalTtcCents + final.totalTtcCents,
    134413,
    'the four invoices ask the quote’s price, to the cent'
  )
  const totals = computeInvoiceTotals(documentOf(final))
  t.same(
    totals.vat.map((row) => [row.rateBp, row.baseCents, row.vatCents]),
    [
      [1000, 19250, 1925],
      [2000, 13717, 2743]
    ],
    'VAT per rate after the deductions'
  )
  const twice = await user.request('POST', '/api/invoices', { request: { kind: 'final', quoteId: quote.id } })
  t.equal(twice.statusCode, 409, 'one final invoice per quote')

  const creditResponse = await user.request('POST', `/api/invoices/${final.id}/credit-notes`, { creditAmountCents: 5000, issue: true })
  t.equal(creditResponse.statusCode, 201)
  const credit = invoiceOf(creditResponse)
  t.match(credit, {
    kind: 'credit_note',
    status: 'issued',
    number: /-0005$/,
    totalTtcCents: 5000,
    correctsInvoiceId: final.id,
    paymentStatus: null
  })
  t.same(
    documentOf(credit).creditedInvoice,
    { number: final.number, issueDate: final.issueDate },
    'the credit note names the invoice it corrects'
  )
  t.same(
    documentOf(credit).lines.map((line) => [line.vatRateBp, line.unitPriceCents]),
    [
      [1000, 2558],
      [2000, 1822]
    ],
    'split like the invoice’s VAT, to the cent'
  )
  const tooMuch = await user.request('POST', `/api/invoices/${final.id}/credit-notes`, { creditAmountCents: 37635 })
  t.equal(tooMuch.statusCode, 422, 'never more credit than the invoice has left')

  const afterCredit = invoiceOf(await user.request('GET', `/api/invoices/${final.id}`))
  t.match(afterCredit, { creditedCents: 5000, remainingCents: 32635, paymentStatus: 'unpaid' })
  const partial = invoiceOf(
    await user.request('POST', `/api/invoices/${final.id}/payments`, { amountCents: 4000, paidOn: today, means: 'transfer' })
  )
  t.match(partial, { paidCents: 4000, remainingCents: 28635, paymentStatus: 'partly_paid' })
  const excess = await user.request('POST', `/api/invoices/${final.id}/payments`, { amountCents: 28636, paidOn: today, means: 'check' })
  t.equal(excess.statusCode, 422)
  t.match(excess.json<ErrorJson>().error.message, /dépasse le reste à payer \(286,35/)
  const paid = invoiceOf(
    await user.request('POST', `/api/invoices/${final.id}/payments`, {
      amountCents: 28635,
      paidOn: today,
      means: 'check',
      note: 'Chèque n° 1234'
    })
  )
  t.match(paid, { remainingCents: 0, paymentStatus: 'paid' })
  t.same(
    paid.events.map((event) => event.type),
    ['issued', 'payment_recorded', 'payment_recorded', 'paid'],
    'its history'
  )

  const list = (await user.request('GET', '/api/invoices')).json<{ invoices: Invoice[]; total: number }>()
  t.same(
    list.invoices.map((invoice) => invoice.number),
    [credit.number, final.number, second.number, first.number, deposit.number],
    'newest first'
  )
  const unpaid = (await user.request('GET', '/api/invoices?status=unpaid')).json<{ invoices: Invoice[] }>()
  t.same(
    unpaid.invoices.map((invoice) => invoice.number),
    [second.number, first.number, deposit.number],
    'a filter on the derived status'
  )
  // Every invoice as issued and stored, through the official rules: XSD and both schematrons.
  const folder = await mkdtemp(path.join(tmpdir(), 'paraphe-issued-'))
  t.teardown(() => rm(folder, { recursive: true, force: true }))
  for (const invoice of [deposit, first, second, final, credit]) {
    await writeFile(path.join(folder, `${invoice.number ?? ''}.xml`), (await user.request('GET', `/api/invoices/${invoice.id}/xml`)).body)
  }
  const reports = await validateFolder(folder)
  t.equal(reports.size, 5)
  for (const [name, report] of reports) t.same(errorsOf(report), [], `${name}: zero errors from the FNFE-MPE kit`)
  const invoicing = (await user.request('GET', `/api/quotes/${quote.id}/invoicing`)).json<{
    invoicing: { invoicedTtcCents: number; progressBp: number; finalIssued: boolean }
  }>().invoicing
  t.same(
    [invoicing.invoicedTtcCents, invoicing.progressBp, invoicing.finalIssued],
    [40324 + 37635 + 18819, 6000, true],
    'what the quote’s page shows'
  )
})

t.test('an issued invoice cannot be edited or deleted through the API; a draft can', async (t) => {
  const user = await newUser(app)
  const quote = await signedQuote(user)
  const draft = invoiceOf(await user.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: quote.id, depositBp: 2000 } }))
  t.match(documentOf(draft), { number: 'BROUILLON' }, 'a draft previews its document')
  const edited = await user.request('PUT', `/api/invoices/${draft.id}`, {
    version: draft.version,
    request: { kind: 'deposit', quoteId: quote.id, depositAmountCents: 10000 }
  })
  t.equal(edited.statusCode, 200)
  t.equal(invoiceOf(edited).totalTtcCents, 10000, 'an amount TTC, to the cent')
  const stale = await user.request('PUT', `/api/invoices/${draft.id}`, {
    version: draft.version,
    request: { kind: 'deposit', quoteId: quote.id }
  })
  t.equal(stale.statusCode, 409, 'an edit from a stale tab is refused')
  t.equal((await user.request('GET', `/api/invoices/${draft.id}/pdf`)).statusCode, 409, 'no PDF before issue')
  const issuedInvoice = invoiceOf(await user.request('POST', `/api/invoices/${draft.id}/issue`))
  t.equal((await user.request('POST', `/api/invoices/${draft.id}/issue`)).statusCode, 409, 'issued once')
  const change = await user.request('PUT', `/api/invoices/${draft.id}`, {
    version: issuedInvoice.version,
    request: { kind: 'deposit', quoteId: quote.id }
  })
  t.equal(change.statusCode, 409)
  t.match(change.json<ErrorJson>().error.message, /avoir/)
  t.equal((await user.request('DELETE', `/api/invoices/${draft.id}`)).statusCode, 409)
  const pdf = await user.request('GET', `/api/invoices/${draft.id}/pdf`)
  t.equal(pdf.statusCode, 200)
  t.equal(pdf.headers['content-type'], 'application/pdf')
  t.match(pdf.headers['content-disposition'], `Facture-${issuedInvoice.number ?? ''}.pdf`)
  t.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-')
  const xml = await user.request('GET', `/api/invoices/${draft.id}/xml`)
  t.match(xml.body, `<ram:ID>${issuedInvoice.number ?? ''}</ram:ID>`, 'the CII XML carries the number')
  const other = await user.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: quote.id, depositBp: 1000 } })
  t.equal((await user.request('DELETE', `/api/invoices/${invoiceOf(other).id}`)).statusCode, 204, 'a draft is deleted')
})

t.test('what cannot be invoiced is refused in French, never a 500', async (t) => {
  const user = await newUser(app)
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await user.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  const unsigned = await user.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: draft.id } })
  t.equal(unsigned.statusCode, 409)
  t.match(unsigned.json<ErrorJson>().error.message, /devis signé/)
  const noQuote = await user.request('POST', '/api/invoices', { request: { kind: 'final' } })
  t.equal(noQuote.statusCode, 422)
  const business = await user.request('POST', '/api/invoices', {
    request: {
      kind: 'standard',
      client: { kind: 'business', name: 'Jean Lefort', company: 'Lefort SAS', address: '3 quai Perrache, 69002 Lyon' },
      lines: [{ description: 'Dépannage', quantityMilli: 1000, unitPriceCents: 9000, vatRateBp: 2000 }]
    }
  })
  t.equal(business.statusCode, 422, 'a business client without SIREN')
  t.match(business.json<ErrorJson>().error.fields, { clientSiren: /SIREN/ })
  const noPostcode = await user.request('POST', '/api/invoices', {
    request: {
      kind: 'standard',
      client: { kind: 'individual', name: 'Jean Lefort', address: 'quelque part' },
      lines: [{ description: 'Dépannage', quantityMilli: 1000, unitPriceCents: 9000, vatRateBp: 2000 }]
    }
  })
  t.equal(noPostcode.statusCode, 422)
  t.match(noPostcode.json<ErrorJson>().error.fields, { 'client.address': /code postal/ })
  const standard = await issued(user, {
    kind: 'standard',
    client: { kind: 'business', name: 'Jean Lefort', company: 'Lefort SAS', address: '3 quai Perrache\n69002 Lyon' },
    clientSiren: '552100554',
    lines: [{ description: 'Dépannage chaudière', quantityMilli: 1500, unit: 'h', unitPriceCents: 6000, vatRateBp: 2000, discountBp: 1000 }]
  })
  t.match(standard, { kind: 'standard', quoteId: null, totalHtCents: 8100, totalTtcCents: 9720, clientName: 'Lefort SAS' })
  t.equal(documentOf(standard).buyer.siren, '552100554')
  t.equal(
    (await user.request('POST', `/api/invoices/${standard.id}/payments`, { amountCents: 100, paidOn: '2999-01-01', means: 'cash' }))
      .statusCode,
    422,
    'no payment in the future'
  )
  const pending = invoiceOf(
    await user.request('POST', '/api/invoices', {
      request: {
        kind: 'standard',
        client: { kind: 'individual', name: 'Paul', address: '1 rue Neuve, 69001 Lyon' },
        lines: [{ description: 'Réglage', quantityMilli: 1000, unitPriceCents: 5000, vatRateBp: 2000 }]
      }
    })
  )
  await user.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, address: 'Lyon' })
  const unreadable = await user.request('GET', `/api/invoices/${pending.id}`)
  t.equal(unreadable.statusCode, 200, 'a draft the profile no longer allows to issue still opens')
  t.match(invoiceOf(unreadable), { document: null, draftProblem: /profil/ }, 'and says why it cannot be issued')
  const refused = await user.request('POST', `/api/invoices/${pending.id}/issue`)
  t.equal(refused.statusCode, 422)
  t.match(refused.json<ErrorJson>().error.fields, { address: /code postal/ })
  t.equal((await user.request('GET', '/api/invoices/not-an-id')).statusCode, 404)
  const stranger = await newUser(app)
  t.equal((await stranger.request('GET', `/api/invoices/${standard.id}`)).statusCode, 404, 'another company’s invoice does not exist')
})
