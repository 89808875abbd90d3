// The invoice e-mail to the client (the Factur-X PDF attached, a link to the invoice page) and the
// payment reminders. Replies go to the professional.
import { formatIban } from '@paraphe/shared/bank-details'
import { formatLongDate } from '@paraphe/shared/dates'
import { INVOICE_KIND_LABELS, type InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { formatEuros } from '@paraphe/shared/money'
import { singleLine } from '../outbox.js'
import type { SiteIdentity } from './contact-message.js'
import { renderEmailLayout, type EmailBlock, type EmailContent } from './layout.js'

export interface InvoiceMailFacts {
  document: InvoiceDocument
  /** What the client still owes now (TTC, after payments and credit notes). */
  remainingCents: number
  /** The client's invoice page. */
  invoiceUrl: string
  /** The professional takes card payments: the e-mail offers « Payer par carte » (on the invoice page). */
  cardPayment?: boolean
}

/** « Payer par carte » leads to the invoice page's button, for what is still owed. */
function cardAction(facts: InvoiceMailFacts): EmailBlock[] {
  if (facts.cardPayment !== true || facts.remainingCents === 0 || facts.document.kind === 'credit_note') return []
  return [{ type: 'action', label: `Payer par carte (${formatEuros(facts.remainingCents)})`, url: `${facts.invoiceUrl}#payer-par-carte` }]
}

function greeting(document: InvoiceDocument): string {
  const name = document.buyer.kind === 'business' && document.buyer.name.trim() === '' ? document.buyer.company : document.buyer.name
  return name.trim() === '' ? 'Bonjour,' : `Bonjour ${name.trim()},`
}

function transferRows(document: InvoiceDocument): Array<{ label: string; value: string }> {
  if (document.seller.iban === '') return []
  return [
    { label: 'IBAN', value: formatIban(document.seller.iban) },
    { label: 'BIC', value: document.seller.bic },
    { label: 'Référence du virement', value: document.number }
  ]
}

export function invoiceEmail(facts: InvoiceMailFacts, site: SiteIdentity): EmailContent {
  const { document, remainingCents, invoiceUrl } = facts
  const label = INVOICE_KIND_LABELS[document.kind]
  const credit = document.kind === 'credit_note'
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: `${label} ${document.number}`,
    blocks: [
      { type: 'paragraph', text: greeting(document) },
      {
        type: 'paragraph',
        text: credit
          ? `${document.seller.name} vous adresse l’avoir ${document.number}. Vous le trouverez en pièce jointe (PDF au format Factur-X).`
          : `${document.seller.name} vous adresse la facture ${document.number}. Vous la trouverez en pièce jointe (PDF au format Factur-X, lisible par votre logiciel de comptabilité).`
      },
      {
        type: 'facts',
        rows: credit
          ? [{ label: 'Montant de l’avoir TTC', value: formatEuros(computeInvoiceTotals(document).totalTtcCents) }]
          : [
              { label: 'Montant à régler', value: formatEuros(remainingCents) },
              { label: 'Échéance', value: formatLongDate(document.dueDate) },
              ...transferRows(document)
            ]
      },
      ...cardAction(facts),
      { type: 'action', label: credit ? 'Voir l’avoir' : 'Voir la facture et payer par virement', url: invoiceUrl },
      {
        type: 'note',
        text: `Ce lien vous est personnel. Pour toute question sur ${credit ? 'cet avoir' : 'cette facture'}, répondez à cet e-mail : votre réponse parviendra à ${document.seller.name}.`
      }
    ],
    footer: `Vous recevez cet e-mail parce que ${document.seller.name} vous a adressé ${credit ? 'cet avoir' : 'cette facture'}.`
  })
  return { subject: singleLine(`${label} ${document.number} de ${document.seller.name}`), ...rendered }
}

export interface ReminderFacts extends InvoiceMailFacts {
  /** Days since the due date. */
  daysLate: number
}

export function invoiceReminderEmail(facts: ReminderFacts, site: SiteIdentity): EmailContent {
  const { document, remainingCents, invoiceUrl, daysLate } = facts
  const blocks: EmailBlock[] = [
    { type: 'paragraph', text: greeting(document) },
    {
      type: 'paragraph',
      // « Relancer » by hand may come before the due date: the wording follows.
      text:
        daysLate > 0
          ? `Sauf erreur de notre part, la facture ${document.number} de ${document.seller.name}, arrivée à échéance le ${formatLongDate(document.dueDate)} ` +
            `(il y a ${daysLate} jour${daysLate > 1 ? 's' : ''}), n’est pas encore entièrement réglée.`
          : `${document.seller.name} vous rappelle que la facture ${document.number} arrive à échéance le ${formatLongDate(document.dueDate)}.`
    },
    {
      type: 'facts',
      rows: [
        { label: 'Reste à régler', value: formatEuros(remainingCents) },
        { label: 'Échéance', value: formatLongDate(document.dueDate) },
        ...transferRows(document)
      ]
    },
    ...cardAction(facts),
    { type: 'action', label: 'Voir la facture et payer par virement', url: invoiceUrl },
    { type: 'paragraph', text: `${document.mentions.latePenalty}\n${document.mentions.recoveryIndemnity}` },
    {
      type: 'note',
      text: 'Si vous avez réglé cette facture entre-temps, merci de ne pas tenir compte de ce message. Pour toute question, répondez à cet e-mail.'
    }
  ]
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: `Rappel : facture ${document.number} ${daysLate > 0 ? 'en attente de règlement' : 'à régler'}`,
    blocks,
    footer: `Vous recevez cet e-mail parce que ${document.seller.name} vous a adressé cette facture.`
  })
  return { subject: singleLine(`Rappel : facture ${document.number} de ${document.seller.name} à régler`), ...rendered }
}
