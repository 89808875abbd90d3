// The invoices' logic modules in Node: what the invoicing page previews before a draft (deposit,
// situation, what the final invoice deducts), the refusals said beside the fields (progress that
// goes down, a payment above what is left or dated tomorrow, a credit note above the invoice),
// the list's French status filter and the chain's order.
import t from 'tap'
import type { InvoiceSummary, QuoteInvoicing } from '@paraphe/shared/api/invoice-schemas'
import { paths } from '@paraphe/shared/paths'
import { filterOfSlug, invoiceBadge, INVOICE_FILTERS, slugOfFilter } from '@/lib/invoice-filters'
import { invoiceListPath } from '@/lib/invoices-api'
import { invoiceChain } from '@/features/invoices/lib/invoice-chain'
import {
  depositPreviewCents,
  invoicingPlan,
  lineProgressProblems,
  previousLineProgress,
  progressProblem,
  situationPreviewCents
} from '@/features/invoices/lib/invoicing-plan'
import { checkCredit, checkPayment, initialPayment } from '@/features/invoices/lib/payment-form'
import { checkSiren, requestProblem } from '@/features/invoices/lib/request-problem'
import { formatReminderDays, readReminderDays } from '@/features/invoices/lib/reminder-days'

let counter = 0
function summary(change: Partial<InvoiceSummary>): InvoiceSummary {
  counter += 1
  return {
    id: `inv-${counter}`,
    number: `F-2026-${String(counter).padStart(4, '0')}`,
    kind: 'deposit',
    status: 'issued',
    paymentStatus: 'unpaid',
    clientName: 'Inès Dupont',
    quoteId: 'q1',
    correctsInvoiceId: null,
    issueDate: '2026-11-02',
    dueDate: '2026-12-02',
    totalHtCents: 10_000,
    totalTtcCents: 12_000,
    amountDueCents: 12_000,
    paidCents: 0,
    creditedCents: 0,
    remainingCents: 12_000,
    pdfReady: true,
    createdAt: '2026-11-02T10:00:00Z',
    updatedAt: '2026-11-02T10:00:00Z',
    ...change
  }
}

function invoicing(change: Partial<QuoteInvoicing>): QuoteInvoicing {
  return {
    quoteId: 'q1',
    quoteTotalTtcCents: 134_413,
    depositBp: 3000,
    invoicedTtcCents: 0,
    progressBp: 0,
    finalIssued: false,
    depositDeduction: null,
    depositsTtcCents: 0,
    depositTakenBackTtcCents: 0,
    invoices: [],
    ...change
  }
}

t.test('a fresh signed quote: the deposit first, 30 % of 1 344,13 € is 403,24 €', async (t) => {
  const plan = invoicingPlan(invoicing({}))
  t.match(plan, { remainingTtcCents: 134_413, nextSituationNumber: 1, canDeposit: true, canProgress: true, canFinal: true, deductions: [] })
  t.equal(depositPreviewCents(134_413, 3000), 40_324, 'half-up to the cent')
  t.equal(depositPreviewCents(1, 5000), 1, 'half a cent goes up')
})

t.test('after a deposit and two situations: situation n° 3, the final deducts each by its number', async (t) => {
  const deposit = summary({ kind: 'deposit', totalTtcCents: 40_324 })
  const first = summary({ kind: 'progress', totalTtcCents: 53_765 })
  const second = summary({ kind: 'progress', totalTtcCents: 26_883 })
  const draft = summary({ kind: 'final', status: 'draft', number: null, paymentStatus: null })
  const plan = invoicingPlan(invoicing({ invoicedTtcCents: 120_972, progressBp: 6000, invoices: [deposit, first, second, draft] }))
  t.equal(plan.nextSituationNumber, 3)
  t.equal(plan.remainingTtcCents, 13_441, 'the quote less what was invoiced')
  t.same(
    plan.deductions.map((invoice) => invoice.number),
    [deposit.number, first.number, second.number],
    'a draft is not deducted'
  )
  t.equal(situationPreviewCents(134_413, 6000, 8000), 26_883, 'a situation from 60 % to 80 % adds 20 % of the quote')
  t.equal(situationPreviewCents(134_413, 6000, 5000), 0, 'never negative')
  // After a 30 % deposit of 403,24 €: the gateway's own figures (deposit-take-back.test.ts) are
  // 376,35 € at 40 % then 564,54 € to 100 % in proportion; 134,42 € at 40 % on the first situations.
  const advance = { depositsTtcCents: 40_324, takenBackTtcCents: 0, mode: 'proportional' as const }
  t.equal(situationPreviewCents(134_413, 0, 4000, advance), 53_765 - 16_130, 'in proportion: 40 % of the deposit comes off')
  t.equal(
    situationPreviewCents(134_413, 4000, 10_000, { ...advance, takenBackTtcCents: 16_130 }),
    80_648 - 24_194,
    'the rest of the deposit at 100 %'
  )
  t.equal(situationPreviewCents(134_413, 0, 4000, { ...advance, mode: 'first' }), 53_765 - 40_324, 'the first situation takes it whole')
  t.equal(situationPreviewCents(134_413, 0, 2000, { ...advance, mode: 'first' }), 0, 'never more than the situation invoices')
  t.equal(
    situationPreviewCents(134_413, 4000, 7000, { ...advance, mode: 'first', takenBackTtcCents: 40_324 }),
    40_324,
    'once used up, nothing more comes off'
  )
})

t.test('once the final invoice is issued nothing more is offered', async (t) => {
  const plan = invoicingPlan(invoicing({ invoicedTtcCents: 134_413, progressBp: 10_000, finalIssued: true }))
  t.match(plan, { canDeposit: false, canProgress: false, canFinal: false, remainingTtcCents: 0 })
  const full = invoicingPlan(invoicing({ invoicedTtcCents: 200_000 }))
  t.equal(full.remainingTtcCents, 0, 'never a negative rest')
  t.equal(invoicingPlan(invoicing({ progressBp: 10_000, invoicedTtcCents: 100_000 })).canProgress, false, 'no situation past 100 %')
})

t.test('a situation only goes up, to 100 % at most, line by line too', async (t) => {
  t.equal(progressProblem(4000, 6000), null)
  t.equal(progressProblem(4000, 4000), 'L’avancement cumulé doit dépasser celui de la situation précédente.')
  t.equal(progressProblem(4000, 3000), 'L’avancement cumulé doit dépasser celui de la situation précédente.')
  t.equal(progressProblem(4000, 10_001), 'L’avancement ne peut pas dépasser 100 %.')
  t.same(
    lineProgressProblems([
      { lineId: 'a', previousBp: 5000, cumulativeBp: 8000 },
      { lineId: 'b', previousBp: 2000, cumulativeBp: 2000 }
    ]),
    { byLine: {}, general: null }
  )
  t.same(
    lineProgressProblems([
      { lineId: 'a', previousBp: 5000, cumulativeBp: 4000 },
      { lineId: 'b', previousBp: 0, cumulativeBp: 10_500 }
    ]),
    {
      byLine: { a: 'L’avancement d’une ligne ne peut pas baisser.', b: 'Au plus 100 %.' },
      general: null
    }
  )
  t.same(lineProgressProblems([{ lineId: 'a', previousBp: 5000, cumulativeBp: 5000 }]), {
    byLine: {},
    general: 'Faites avancer au moins une ligne.'
  })
  const previous = previousLineProgress([
    { id: 'a', progress: { cumulativeBp: 4000, previousBp: 0 } },
    { id: 'b', progress: null }
  ])
  t.same(
    [...previous],
    [
      ['a', 4000],
      ['b', 0]
    ],
    'each quote line as far as the last situation took it'
  )
  t.equal(previousLineProgress(null).size, 0, 'nothing before the first situation')
})

t.test('« Enregistrer un paiement »: at most what is left, dated from the invoice to today', async (t) => {
  const context = { remainingCents: 40_324, issueDate: '2026-11-02', today: '2026-11-26' }
  t.same(
    initialPayment(40_324, '2026-11-26'),
    { amount: '403,24', paidOn: '2026-11-26', means: 'transfer' },
    'the whole rest, today, by transfer'
  )
  t.same(
    checkPayment({ amount: '200', paidOn: '2026-11-20', means: 'check' }, context),
    { ok: true, value: { amountCents: 20_000, paidOn: '2026-11-20', means: 'check' } },
    'a partial payment'
  )
  t.same(checkPayment({ amount: '403,25', paidOn: '2026-11-26', means: 'transfer' }, context), {
    ok: false,
    errors: { amount: 'Il reste 403,24\u00a0€ à encaisser sur cette facture.' }
  })
  t.same(checkPayment({ amount: '0', paidOn: '2026-11-27', means: 'transfer' }, context), {
    ok: false,
    errors: { amount: 'Le montant doit être supérieur à zéro.', paidOn: 'Un paiement ne peut pas être daté de demain ou plus tard.' }
  })
  t.same(checkPayment({ amount: 'abc', paidOn: '', means: 'transfer' }, context), {
    ok: false,
    errors: {
      amount: 'Le montant doit être un nombre, avec au plus 2 décimales (par exemple 1 234,50).',
      paidOn: 'Indiquez la date du paiement.'
    }
  })
  t.same(checkPayment({ amount: '10', paidOn: '2026-11-01', means: 'bitcoin' as 'other' }, context), {
    ok: false,
    errors: { paidOn: 'Un paiement ne peut pas précéder la facture.', means: 'Choisissez le moyen de paiement.' }
  })
})

t.test('« Créer un avoir »: the whole invoice or an amount up to what is not credited yet', async (t) => {
  t.same(checkCredit(true, '', 12_000), { ok: true, value: {} })
  t.same(checkCredit(false, '50', 12_000), { ok: true, value: { creditAmountCents: 5000 } })
  t.same(checkCredit(false, '120,01', 12_000), {
    ok: false,
    errors: { amount: 'Un avoir ne peut pas dépasser 120,00\u00a0€ sur cette facture.' }
  })
  t.same(checkCredit(false, '0', 12_000), { ok: false, errors: { amount: 'Le montant doit être supérieur à zéro.' } })
  t.same(checkCredit(false, '', 12_000), { ok: false, errors: { amount: 'Indiquez un montant.' } })
  t.same(checkCredit(true, '', 0), { ok: false, errors: { amount: 'Cette facture est déjà entièrement annulée par avoir.' } })
})

t.test('the client’s SIREN and a refusal said in full', async (t) => {
  t.same(checkSiren('732 829 320'), { ok: true, value: '732829320' })
  t.same(checkSiren(''), { ok: false, message: 'Le SIREN du client professionnel est obligatoire sur la facture.' })
  t.same(checkSiren('7328293200'), { ok: false, message: 'Le SIREN compte 9 chiffres (les 9 premiers du SIRET).' })
  t.same(
    requestProblem({
      message: 'Il manque des mentions obligatoires pour cette facture.',
      fields: {
        'client.address': 'L’adresse du client doit comporter le code postal et la ville.',
        siret: 'L’adresse du client doit comporter le code postal et la ville.'
      }
    }),
    ['Il manque des mentions obligatoires pour cette facture.', 'L’adresse du client doit comporter le code postal et la ville.'],
    'each missing mention once'
  )
  t.same(requestProblem({ message: 'Ce devis n’est pas signé.' }), ['Ce devis n’est pas signé.'])
})

t.test('the list’s filter in the URL, the badges and the dashboard’s link', async (t) => {
  for (const filter of INVOICE_FILTERS) t.equal(filterOfSlug(slugOfFilter(filter)), filter, `${filter} goes through the URL and back`)
  t.equal(filterOfSlug('inconnu'), null, 'an unknown status shows every invoice')
  t.equal(filterOfSlug(null), null)
  t.equal(paths.invoices.href(slugOfFilter('overdue')), '/espace/factures?statut=en-retard')
  t.equal(paths.quoteInvoicing.href('q 1', 'acompte'), '/espace/devis/q%201/facturation?facture=acompte')
  t.same(invoiceBadge({ status: 'draft', paymentStatus: null }), { label: 'Brouillon', className: 'badge' })
  t.same(invoiceBadge({ status: 'issued', paymentStatus: null }), { label: 'Émis', className: 'badge badge--envoye' }, 'a credit note')
  t.same(
    (['unpaid', 'partly_paid', 'paid', 'overdue', 'credited'] as const).map(
      (status) => invoiceBadge({ status: 'issued', paymentStatus: status }).label
    ),
    ['À encaisser', 'Partiellement payée', 'Payée', 'En retard', 'Annulée par avoir']
  )
  t.equal(invoiceListPath({}), '/api/invoices')
  t.equal(
    invoiceListPath({ quoteId: 'q1', status: 'overdue', limit: 100, offset: 100 }),
    '/api/invoices?quoteId=q1&status=overdue&limit=100&offset=100'
  )
  t.equal(invoiceListPath({ offset: 0 }), '/api/invoices', 'the first page needs no offset')
})

t.test('the chain: deposit, situations, final, then credit notes; drafts left out', async (t) => {
  const final = summary({ kind: 'final', number: 'F-2026-0009' })
  const credit = summary({ kind: 'credit_note', number: 'F-2026-0010', paymentStatus: null })
  const second = summary({ kind: 'progress', number: 'F-2026-0008' })
  const first = summary({ kind: 'progress', number: 'F-2026-0003' })
  const deposit = summary({ kind: 'deposit', number: 'F-2026-0001' })
  const draft = summary({ kind: 'progress', status: 'draft', number: null })
  t.same(
    invoiceChain([credit, final, draft, second, first, deposit]).map((invoice) => invoice.number),
    ['F-2026-0001', 'F-2026-0003', 'F-2026-0008', 'F-2026-0009', 'F-2026-0010']
  )
})

t.test('the automatic reminders’ days as typed', async (t) => {
  t.same(readReminderDays('7, 15, 30'), { ok: true, days: [7, 15, 30] })
  t.same(readReminderDays(' 30;7  15 15 '), { ok: true, days: [7, 15, 30] }, 'any separator, sorted, each day once')
  t.same(readReminderDays('   '), { ok: true, days: [] }, 'nothing typed: no automatic reminder')
  t.same(readReminderDays('7, 0'), { ok: false, problem: '« 0 » n’est pas un nombre de jours entre 1 et 365.' })
  t.same(readReminderDays('7, 366'), { ok: false, problem: '« 366 » n’est pas un nombre de jours entre 1 et 365.' })
  t.same(readReminderDays('sept'), { ok: false, problem: '« sept » n’est pas un nombre de jours entre 1 et 365.' })
  t.same(readReminderDays('7.5'), { ok: false, problem: '« 7.5 » n’est pas un nombre de jours entre 1 et 365.' })
  t.same(readReminderDays('1 2 3 4 5 6 7'), { ok: false, problem: 'Au plus 6 relances automatiques par facture.' })
  t.equal(formatReminderDays([7, 15, 30]), '7, 15, 30')
})
