// The FEC's accounts: which revenue account an invoice books to, and what a PCG number must be.
import t from 'tap'
import {
  accountingAccountsProblems,
  DEFAULT_ACCOUNTING_ACCOUNTS,
  revenueKind,
  trimmedAccounts,
  vatRateLabel
} from '../../src/invoices/accounting-accounts.js'
import { invoiceEventLabel } from '../../src/invoices/invoice-events.js'

t.test('building work to « Travaux », other services to 706, goods to 707', async (t) => {
  t.equal(revenueKind('services', true), 'works')
  t.equal(revenueKind('mixed', true), 'works', 'supplies and labour of a building job')
  t.equal(revenueKind('goods', true), 'goods', 'materials sold alone stay goods')
  t.equal(revenueKind('services', false), 'services')
  t.equal(revenueKind('mixed', false), 'services')
  t.equal(revenueKind('goods', false), 'goods')
})

t.test('the defaults are valid; each class is checked, in French', async (t) => {
  t.same(accountingAccountsProblems(DEFAULT_ACCOUNTING_ACCOUNTS), {})
  t.same(
    accountingAccountsProblems(trimmedAccounts({ ...DEFAULT_ACCOUNTING_ACCOUNTS, works: ' 7041 ' })),
    {},
    'sub-accounts, spaces trimmed'
  )
  t.same(
    accountingAccountsProblems({
      ...DEFAULT_ACCOUNTING_ACCOUNTS,
      goods: '607000',
      customers: '',
      vat: { ...DEFAULT_ACCOUNTING_ACCOUNTS.vat, '210': '44571' + '0'.repeat(7) }
    }),
    {
      goods: 'Ce numéro n’est pas un compte de ventes (classe 70) : il commence par 70 (par exemple 707000).',
      customers: 'Indiquez un compte de clients (classe 41), par exemple 411000.',
      'vat.210': 'Un numéro de compte du plan comptable s’écrit en chiffres, de 3 à 10 (par exemple 445710).'
    }
  )
  t.equal(vatRateLabel('550'), '5,5\u00a0%')
  t.equal(vatRateLabel('2000'), '20\u00a0%')
})

t.test('the activity’s words for an invoice’s events, an « avoir » masculine', async (t) => {
  t.equal(invoiceEventLabel('issued', 'deposit'), 'Facture d’acompte émise')
  t.equal(invoiceEventLabel('issued', 'credit_note'), 'Avoir émis')
  t.equal(invoiceEventLabel('sent', 'credit_note'), 'Avoir envoyé au client')
  t.equal(invoiceEventLabel('sent', 'standard'), 'Facture envoyée au client')
  t.equal(invoiceEventLabel('paid', 'final'), 'Facture de solde payée')
  t.equal(invoiceEventLabel('overdue', 'progress'), 'Facture de situation en retard de paiement')
  t.equal(invoiceEventLabel('reminded', 'standard'), 'Relance de paiement envoyée')
  t.equal(invoiceEventLabel('payment_recorded', 'standard'), 'Paiement enregistré')
  t.equal(invoiceEventLabel('platform_received', 'standard'), 'Événement')
})
