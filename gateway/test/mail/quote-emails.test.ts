// The e-mails around a quote, as their readers see them: subjects, who, how much, until when,
// and the link; for individuals and companies, with and without the optional details.
import t from 'tap'
import { computeTotals } from '@paraphe/shared/quote-totals'
import type { Quote } from '@paraphe/shared/quote'
import { expiredNoticeEmail, reminderEmail } from '../../src/mail/templates/quote-follow-ups.js'
import { signedCopyEmail } from '../../src/mail/templates/signed-copy.js'
import { declinedNoticeEmail, signingCodeEmail } from '../../src/mail/templates/signing-notices.js'
import { signingRequestEmail } from '../../src/mail/templates/signing-request.js'
import { makeCompany, makeQuote } from '../pdf/quote-fixtures.js'

const site = { siteName: 'Paraphe', siteUrl: 'https://devis.example.fr' }
const link = 'https://devis.example.fr/SignatureDevis?token=abc'
const company = makeCompany({ companyName: 'Dupont Rénovation' })
const sent: Quote = makeQuote({ number: 'DEV-2026-0007', title: 'Salle de bains', expiresOn: '2026-12-21' })
const business: Quote = { ...sent, client: { ...sent.client, kind: 'business', name: '', company: 'Boulangerie Lefèvre' } }
const draftLike: Quote = { ...sent, number: null, expiresOn: null }
const ttc = (quote: Quote) =>
  computeTotals(quote.lines, { franchiseEnBase: quote.franchiseEnBase, depositBp: quote.depositBp }).totalTtcCents

t.test('the signing request names the company, the amount, the date and the link', async (t) => {
  const mail = signingRequestEmail(sent, company, link, site)
  t.equal(mail.subject, 'Devis DEV-2026-0007 de Dupont Rénovation à signer')
  t.match(mail.text, /Dupont Rénovation vous adresse le devis « Salle de bains »/)
  t.match(mail.text, /Valable jusqu’au\u202f: 21 décembre 2026/)
  t.ok(mail.text.includes(link) && mail.html.includes(link.replaceAll('&', '&amp;')))
  t.ok(ttc(sent) > 0)
  t.match(signingRequestEmail(business, company, link, site).text, /Bonjour Boulangerie Lefèvre,/, 'a company is greeted by its name')
  t.notMatch(signingRequestEmail(draftLike, company, link, site).text, /Valable jusqu’au/, 'no date when none is known')
})

t.test('the signer’s code', async (t) => {
  const mail = signingCodeEmail('042917', sent, company, site)
  t.equal(mail.subject, '042917 — votre code de signature (devis DEV-2026-0007)')
  t.match(mail.text, /valable 10 minutes/)
  t.equal(signingCodeEmail('042917', draftLike, company, site).subject, '042917 — votre code de signature')
})

t.test('the professional learns of a decline, with the reason when there is one', async (t) => {
  const at = new Date('2026-11-21T13:05:00Z')
  const withReason = declinedNoticeEmail(sent, 'Trop cher', at, 'https://devis.example.fr/espace', site)
  t.equal(withReason.subject, `Devis DEV-2026-0007 refusé par ${sent.client.name}`)
  t.match(withReason.text, /a refusé le devis « Salle de bains » le 21 novembre 2026 à 14:05/)
  t.match(withReason.text, /Trop cher/)
  const silent = declinedNoticeEmail(business, '  ', at, 'https://devis.example.fr/espace', site)
  t.match(silent.subject, /refusé par Boulangerie Lefèvre/)
  t.notMatch(silent.html, /<blockquote/, 'no empty quotation')
})

t.test('reminders and expiry notices', async (t) => {
  const reminder = reminderEmail(sent, company, link, site)
  t.equal(reminder.subject, 'Rappel : devis DEV-2026-0007 de Dupont Rénovation')
  t.match(reminder.text, /valable jusqu’au 21 décembre 2026/)
  t.notMatch(reminderEmail(draftLike, company, link, site).text, /valable jusqu’au/)
  t.match(reminderEmail(business, company, link, site).text, /Bonjour Boulangerie Lefèvre/)
  const expired = expiredNoticeEmail(sent, 'https://devis.example.fr/espace/devis/1', site)
  t.equal(expired.subject, 'Devis DEV-2026-0007 expiré sans signature')
  t.match(expired.text, /a expiré le 21 décembre 2026 sans avoir été signé/)
  t.match(expiredNoticeEmail(business, 'https://devis.example.fr/espace', site).text, /adressé à Boulangerie Lefèvre a expiré/)
  t.match(expiredNoticeEmail(draftLike, 'https://devis.example.fr/espace', site).text, /a expiré sans avoir été signé/)
})

t.test('the signed copy: one wording for the client, another for the professional', async (t) => {
  const at = new Date('2026-11-21T13:05:00Z')
  const client = signedCopyEmail('client', sent, company, 'Élise Martin', at, site)
  const pro = signedCopyEmail('professional', sent, company, 'Élise Martin', at, site)
  t.equal(client.subject, 'Devis DEV-2026-0007 signé par Élise Martin')
  t.match(client.text, /Vous avez signé le devis « Salle de bains » de Dupont Rénovation/)
  t.match(client.text, /Conservez ce PDF/)
  t.match(pro.text, /Élise Martin a signé le devis/)
  t.notMatch(pro.text, /Conservez ce PDF/)
  t.equal(signedCopyEmail('client', draftLike, company, 'Élise Martin', at, site).subject, 'Devis signé par Élise Martin')
})
