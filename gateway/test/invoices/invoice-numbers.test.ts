// Invoice numbers as the professional and the accountant read them: F-<year>-<sequence>, four
// digits at least, more past 9 999 invoices in a year; anything else is not an invoice number.
import t from 'tap'
import { formatInvoiceNumber, parseInvoiceNumber } from '../../src/invoices/invoice-numbers.js'

t.test('numbers written and read back', async (t) => {
  t.equal(formatInvoiceNumber(2026, 1), 'F-2026-0001')
  t.equal(formatInvoiceNumber(2027, 12_345), 'F-2027-12345', 'past 9 999 in a year, the sequence grows')
  t.same(parseInvoiceNumber('F-2026-0042'), { year: 2026, sequence: 42 })
  t.same(parseInvoiceNumber(formatInvoiceNumber(2027, 12_345)), { year: 2027, sequence: 12_345 })
  for (const other of ['DEV-2026-0042', 'F-26-0001', 'F-2026-001', 'F-2026-0001 ', ''])
    t.equal(parseInvoiceNumber(other), null, `« ${other} » is not one`)
})
