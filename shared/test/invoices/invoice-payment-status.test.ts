// The derived payment status an invoice list shows: from what is due, paid and credited, and the
// due date against today's Paris date.
import t from 'tap'
import { invoicePaymentStatus, remainingCents } from '../../src/invoices/invoice-payment-status.js'

const issued = {
  kind: 'final' as const,
  status: 'issued' as const,
  amountDueCents: 10_000,
  paidCents: 0,
  creditedCents: 0,
  dueDate: '2026-12-01'
}

t.test('unpaid, partly paid, paid, overdue, credited', async (t) => {
  t.equal(invoicePaymentStatus(issued, '2026-12-01'), 'unpaid', 'due today is not late yet')
  t.equal(invoicePaymentStatus(issued, '2026-12-02'), 'overdue', 'the day after the due date')
  t.equal(invoicePaymentStatus({ ...issued, paidCents: 4_000 }, '2026-11-30'), 'partly_paid')
  t.equal(invoicePaymentStatus({ ...issued, paidCents: 4_000 }, '2026-12-05'), 'overdue', 'a partial payment does not stop the lateness')
  t.equal(
    invoicePaymentStatus({ ...issued, paidCents: 6_000, creditedCents: 4_000 }, '2026-12-05'),
    'paid',
    'paid once payments and credit notes cover it'
  )
  t.equal(invoicePaymentStatus({ ...issued, creditedCents: 10_000 }, '2026-12-05'), 'credited', 'cancelled by a credit note')
  t.equal(remainingCents({ ...issued, paidCents: 7_000, creditedCents: 5_000 }), 0, 'never negative')
})

t.test('no payment status for a draft or a credit note', async (t) => {
  t.equal(invoicePaymentStatus({ ...issued, status: 'draft' }, '2026-12-05'), null)
  t.equal(invoicePaymentStatus({ ...issued, kind: 'credit_note' }, '2026-12-05'), null)
  t.equal(remainingCents({ ...issued, kind: 'credit_note' }), 0)
})
