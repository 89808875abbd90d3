// The invoice e-mail and the payment reminder as the client reads them: whom they greet, what is
// owed and how to pay it, the credit note's own wording, the reminder's wording before and after
// the due date.
import t from 'tap'
import { invoiceEmail, invoiceReminderEmail } from '../../src/mail/templates/invoice-emails.js'
import { sampleInvoice } from '../../../shared/test/invoices/sample-invoice.js'

const site = { siteName: 'Paraphe', siteUrl: 'https://paraphe.example' }
const url = 'https://paraphe.example/facture?token=abc'
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

t.test('an invoice: the amount owed, the due date, the transfer details, the link', async (t) => {
  const mail = invoiceEmail({ document: sampleInvoice(), remainingCents: 40_324, invoiceUrl: url }, site)
  t.equal(mail.subject, 'Facture FA-2026-0042 de Atelier Durand')
  const text = spaces(mail.text)
  t.match(text, 'Bonjour Claire Martin,')
  t.match(text, '403,24 €')
  t.match(text, '20 décembre 2026')
  t.match(text, 'FR76 3000 6000 0112 3456 7890 189', 'the IBAN in groups of four')
  t.match(text, 'Référence du virement')
  t.match(mail.html, url)
})

t.test('a business known by its company name only, and no IBAN in the profile', async (t) => {
  const base = sampleInvoice()
  const document = sampleInvoice({ buyer: { ...base.buyer, name: ' ' }, seller: { ...base.seller, iban: '', bic: '' } })
  const text = spaces(invoiceEmail({ document, remainingCents: 1000, invoiceUrl: url }, site).text)
  t.match(text, `Bonjour ${base.buyer.company},`, 'greeted by the company')
  t.notMatch(text, 'IBAN', 'no transfer details to give')
  const nobody = sampleInvoice({ buyer: { ...base.buyer, name: '', company: '' } })
  t.match(
    invoiceEmail({ document: nobody, remainingCents: 1000, invoiceUrl: url }, site).text,
    /^[\s\S]*Bonjour,/,
    'a plain greeting without a name'
  )
})

t.test('a credit note: its own amount and wording, nothing to pay', async (t) => {
  const mail = invoiceEmail(
    { document: sampleInvoice({ kind: 'credit_note', number: 'AV-2026-0003' }), remainingCents: 0, invoiceUrl: url },
    site
  )
  const text = spaces(mail.text)
  t.match(text, 'vous adresse l’avoir AV-2026-0003')
  t.match(text, 'Montant de l’avoir TTC')
  t.notMatch(text, 'Montant à régler')
  t.match(text, 'Voir l’avoir')
  t.match(text, 'Pour toute question sur cet avoir', 'the note speaks of the credit note')
  t.match(text, 'vous a adressé cet avoir', 'and so does the footer')
  t.notMatch(text, /cette facture|régler|payer/, 'no word asks the client to pay')
})

t.test('a reminder: before the due date, one day late, several days late', async (t) => {
  const facts = { document: sampleInvoice(), remainingCents: 40_324, invoiceUrl: url }
  t.match(
    spaces(invoiceReminderEmail({ ...facts, daysLate: 0 }, site).text),
    'vous rappelle que la facture FA-2026-0042 arrive à échéance le 20 décembre 2026'
  )
  t.match(spaces(invoiceReminderEmail({ ...facts, daysLate: 1 }, site).text), '(il y a 1 jour)')
  const late = spaces(invoiceReminderEmail({ ...facts, daysLate: 15 }, site).text)
  t.match(late, '(il y a 15 jours), n’est pas encore entièrement réglée')
  t.match(late, 'Reste à régler')
})
