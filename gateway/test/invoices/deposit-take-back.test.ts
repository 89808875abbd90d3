// A building job invoiced as artisans do it, through the API on a real database, every amount
// computed here by hand: the deposit comes off the situations as the work is invoiced (in
// proportion, or — the quote's choice at its first situation — on the first situations until it
// is used up), so the client never pays ahead of the work; the invoices add up to the quote's
// price; each XML passes the XSD and both FNFE-MPE schematrons; and every invoice of a building
// quote prints the décennale insurance the quote printed (Code des assurances L243-2).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Quote } from '@paraphe/shared/quote'
import { testDatabase } from '../support/databases.js'
import { normaliseSpaces, pdfText } from '../support/pdf-text.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, type TestUser } from '../support/workspace-users.js'
import { errorsOf, validateFolder } from './support/facturx-validator.js'

// Each issue renders a Factur-X PDF in a PDF process and the kit runs a JVM.
t.setTimeout(600_000)

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())
const today = parisIsoDate(new Date())

interface ErrorJson {
  error: { code: string; message: string }
}
const invoiceOf = (response: { json: <T>() => T }) => response.json<{ invoice: Invoice }>().invoice
const documentOf = (invoice: Invoice): InvoiceDocument => {
  if (invoice.document === null) throw new Error(`no document: ${invoice.draftProblem ?? ''}`)
  return invoice.document
}
/** HT taken back per deposit, at 10 % then 20 %. */
const takenBack = (invoice: Invoice) => documentOf(invoice).deductions.map((deduction) => deduction.amounts.map((amount) => amount.htCents))

/**
 * A building-trade quote of completeContent, sent and signed: 687,50 € HT at 10 % and 489,90 € at
 * 20 % (756,25 € + 587,88 € = 1 344,13 € TTC). Its 30 % deposit is 206,25 € and 146,97 € HT (403,24 € TTC).
 */
async function signedBuildingQuote(user: TestUser): Promise<Quote> {
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const content = { ...completeContent(today), buildingTrade: true }
  const draft = (await user.request('POST', '/api/quotes', { content })).json<{ quote: Quote }>().quote
  t.equal((await user.request('POST', `/api/quotes/${draft.id}/send`)).statusCode, 200)
  // The signature is the signing tests' subject; here only its outcome matters.
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [draft.id])
  return draft
}

async function issued(user: TestUser, request: object): Promise<Invoice> {
  const created = await user.request('POST', '/api/invoices', { request })
  if (created.statusCode !== 201) throw new Error(`draft refused: ${created.body}`)
  const response = await user.request('POST', `/api/invoices/${invoiceOf(created).id}/issue`)
  if (response.statusCode !== 200) throw new Error(`issue refused: ${response.body}`)
  return invoiceOf(response)
}

/** The invoices' XML through the official kit: zero failed asserts each. */
async function checkXml(t: Test, user: TestUser, invoices: readonly Invoice[]): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'paraphe-take-back-'))
  t.teardown(() => rm(folder, { recursive: true, force: true }))
  for (const invoice of invoices) {
    await writeFile(path.join(folder, `${invoice.number ?? ''}.xml`), (await user.request('GET', `/api/invoices/${invoice.id}/xml`)).body)
  }
  const reports = await validateFolder(folder)
  t.equal(reports.size, invoices.length)
  for (const [name, report] of reports) t.same(errorsOf(report), [], `${name}: zero errors from the FNFE-MPE kit`)
}

t.test('in proportion: 30 % deposit, situations at 40 % then 100 %, the deposit used up with the work', async (t) => {
  const user = await newUser(app)
  const quote = await signedBuildingQuote(user)
  const deposit = await issued(user, { kind: 'deposit', quoteId: quote.id })
  t.equal(deposit.totalTtcCents, 40324)

  // 40 % of the work: 275,00 € and 195,96 € HT, less 40 % of the deposit (82,50 € and 58,79 €):
  // bases 192,50 € and 137,17 €, VAT 19,25 € and 27,43 € → 376,35 €. Paid so far 779,59 € = 58 %
  // of the price for 40 % of the work and 30 % in advance less the 12 % taken back.
  const forty = await issued(user, { kind: 'progress', quoteId: quote.id, progressBp: 4000 })
  t.same(takenBack(forty), [[8250, 5879]], 'the deposit taken back in proportion to the work invoiced')
  t.equal(forty.totalTtcCents, 37635, 'not 537,65 €: the client is not billed 70 % of the price at 40 % of the work')

  // The last 60 %: 412,50 € and 293,94 € HT, less the rest of the deposit (123,75 € and 88,18 €):
  // bases 288,75 € and 205,76 €, VAT 28,88 € and 41,15 € → 564,54 €.
  const whole = await issued(user, { kind: 'progress', quoteId: quote.id, progressBp: 10_000 })
  t.same(takenBack(whole), [[12375, 8818]], 'at 100 % the deposit is used up, to the cent')
  t.equal(whole.totalTtcCents, 56454)
  t.equal(
    deposit.totalTtcCents + forty.totalTtcCents + whole.totalTtcCents,
    134413,
    'the three invoices ask the quote’s price, to the cent'
  )

  const final = await user.request('POST', '/api/invoices', { request: { kind: 'final', quoteId: quote.id } })
  t.equal(final.statusCode, 409, 'nothing left for a final invoice')
  t.match(final.json<ErrorJson>().error, { code: 'invoice_nothing_left', message: /il ne reste rien à facturer/ })
  const invoicing = (await user.request('GET', `/api/quotes/${quote.id}/invoicing`)).json<{
    invoicing: { invoicedTtcCents: number; quoteTotalTtcCents: number }
  }>().invoicing
  t.equal(invoicing.invoicedTtcCents, invoicing.quoteTotalTtcCents, 'the quote’s page: all invoiced')

  const switched = await user.request('POST', '/api/invoices', {
    request: { kind: 'progress', quoteId: quote.id, progressBp: 10_000, depositDeduction: 'first' }
  })
  t.equal(switched.statusCode, 422, 'the way the deposit comes off is kept to the end of the job')
  t.match(switched.json<ErrorJson>().error.message, /déduisent déjà l’acompte au prorata de l’avancement/)

  await checkXml(t, user, [deposit, forty, whole])
})

t.test('on the first situations: the deposit comes off whole until it is used up, then the final takes the rest', async (t) => {
  const user = await newUser(app)
  const quote = await signedBuildingQuote(user)
  const deposit = await issued(user, { kind: 'deposit', quoteId: quote.id })

  // 40 % of the work (275,00 € and 195,96 € HT) less the whole deposit (206,25 € and 146,97 €):
  // bases 68,75 € and 48,99 €, VAT 6,88 € and 9,80 € → 134,42 €. Paid so far 537,66 €: 40 % of the price.
  const forty = await issued(user, { kind: 'progress', quoteId: quote.id, progressBp: 4000, depositDeduction: 'first' })
  t.same(takenBack(forty), [[20625, 14697]])
  t.equal(forty.totalTtcCents, 13442)
  t.match(documentOf(forty).progress, { depositDeduction: 'first' })

  // 30 % more: nothing left to take back — 206,25 € and 146,97 € HT → 403,24 €.
  const seventy = await issued(user, { kind: 'progress', quoteId: quote.id, progressBp: 7000 })
  t.same(takenBack(seventy), [], 'the deposit is used up: nothing more comes off')
  t.equal(seventy.totalTtcCents, 40324)
  t.match(documentOf(seventy).progress, { depositDeduction: 'first' }, 'the first situation’s choice is kept')

  // The final: the whole quote less the deposit and both situations, as each was invoiced.
  const final = await issued(user, { kind: 'final', quoteId: quote.id })
  t.same(
    documentOf(final).deductions.map((deduction) => deduction.number),
    [deposit.number, forty.number, seventy.number]
  )
  t.equal(final.totalHtCents, 20625 + 14697, 'the last 30 % of the work, HT')
  const invoices = [deposit, forty, seventy, final]
  t.equal(
    invoices.reduce((sum, invoice) => sum + invoice.totalHtCents, 0),
    68750 + 48990,
    'the invoices add up to the quote’s HT exactly'
  )
  // Each invoice rounds its own VAT (3 × 20,625 € at 10 % gives 3 × 20,63 €): the TTC may differ
  // from the quote's by a cent per invoice, never by more.
  const ttc = invoices.reduce((sum, invoice) => sum + invoice.totalTtcCents, 0)
  t.ok(Math.abs(ttc - 134413) <= invoices.length - 1, `TTC ${ttc} within rounding of 134 413`)

  await checkXml(t, user, invoices)

  // Every invoice of this building quote prints the insurer and its coverage, as the quote did.
  for (const invoice of invoices) {
    const text = normaliseSpaces(await pdfText(new Uint8Array((await user.request('GET', `/api/invoices/${invoice.id}/pdf`)).rawPayload)))
    t.match(
      text,
      /Assurance professionnelle \(décennale\) : MAAF Assurances, couverture France métropolitaine, police n° DEC-123456/,
      `${invoice.number ?? ''}: the décennale insurance printed`
    )
  }
  t.same(documentOf(final).insurance, { insurer: 'MAAF Assurances', coverage: 'France métropolitaine', policy: 'DEC-123456' })
})

t.test('an invoice of the whole quote at once is a « Facture », and a quote that is not building work prints no insurance', async (t) => {
  const user = await newUser(app)
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await user.request('POST', '/api/quotes', { content: { ...completeContent(today), buildingTrade: false } })).json<{
    quote: Quote
  }>().quote
  t.equal((await user.request('POST', `/api/quotes/${draft.id}/send`)).statusCode, 200)
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [draft.id])
  const whole = await issued(user, { kind: 'final', quoteId: draft.id })
  t.equal(whole.totalTtcCents, 134413)
  t.equal(documentOf(whole).insurance, null)
  const text = normaliseSpaces(await pdfText(new Uint8Array((await user.request('GET', `/api/invoices/${whole.id}/pdf`)).rawPayload)))
  t.match(text, new RegExp(`Facture n° ${whole.number ?? ''}`), 'titled « Facture »')
  t.notMatch(text, /Facture de solde/)
  t.notMatch(text, /décennale/)
})
