// What the client's invoice page shows, read by the link's token as `anon` through the
// database's functions (migration 0017): who invoices, the amount, the due date, the status, and
// how to pay by transfer with the EPC QR code for the amount still owed.
import { pdfInPreparation } from '../invoice-issuing.js'
import type { InvoiceLinkView } from '@paraphe/shared/api/invoice-client-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { InvoiceDocument, InvoiceKind } from '@paraphe/shared/invoices/invoice-document'
import { invoicePaymentStatus, remainingCents } from '@paraphe/shared/invoices/invoice-payment-status'
import { formatIban } from '@paraphe/shared/bank-details'
import { clientDisplayName } from '@paraphe/shared/quote'
import { asAnonymous, type Database } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'
import { hashToken, isWellFormedToken } from '../../tokens/link-token.js'
import { invoiceFileName } from '../invoice-files.js'
import { epcQrSvg } from './epc-qr-svg.js'

interface ViewJson {
  number: string
  kind: InvoiceKind
  issueDate: string
  dueDate: string
  amountDueCents: number
  totalTtcCents: number
  document: InvoiceDocument
  revoked: boolean
  paidCents: number
  creditedCents: number
}

const linkNotFound = () =>
  new ApiProblem(
    404,
    'link_not_found',
    'Ce lien de facture est introuvable : vérifiez qu’il est complet, ou demandez un nouvel envoi au professionnel.'
  )
const linkRevoked = () =>
  new ApiProblem(410, 'link_revoked', 'Ce lien a été désactivé par le professionnel : demandez-lui de vous renvoyer la facture.')

/** `cardPayments`: the instance takes card payments (Stripe Connect configured). */
export async function readInvoiceLink(db: Database, token: string, now: Date, cardPayments = false): Promise<InvoiceLinkView> {
  if (!isWellFormedToken(token)) throw linkNotFound()
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ view: ViewJson | null; card_account: string | null }>(
      'select paraphe.invoice_link_view($1) as view, paraphe.invoice_link_card_account($1) as card_account',
      [hashToken(token)]
    )
  )
  const view = rows[0]?.view ?? null
  if (view === null) throw linkNotFound()
  if (view.revoked) throw linkRevoked()
  const { document } = view
  const facts = {
    kind: view.kind,
    status: 'issued' as const,
    amountDueCents: view.amountDueCents,
    paidCents: Number(view.paidCents),
    creditedCents: Number(view.creditedCents),
    dueDate: view.dueDate
  }
  const remaining = remainingCents(facts)
  const { seller } = document
  // The QR code asks for what is still owed: after a partial payment, the rest (the PDF's, issued
  // before any payment, asks for the whole).
  const qr =
    remaining > 0
      ? epcQrSvg({ name: seller.name, iban: seller.iban, bic: seller.bic, amountCents: remaining, reference: view.number })
      : null
  return {
    number: view.number,
    kind: view.kind,
    issueDate: view.issueDate,
    dueDate: view.dueDate,
    seller: {
      name: seller.name,
      legalForm: seller.legalForm,
      addressLines: [...seller.address.lines, `${seller.address.postcode} ${seller.address.city}`.trim()],
      siret: seller.siret,
      email: seller.email,
      phone: seller.phone
    },
    buyerName: clientDisplayName(document.buyer),
    totalTtcCents: view.totalTtcCents,
    amountDueCents: view.amountDueCents,
    paidCents: facts.paidCents,
    creditedCents: facts.creditedCents,
    remainingCents: remaining,
    paymentStatus: invoicePaymentStatus(facts, parisIsoDate(now)),
    transfer:
      qr === null
        ? null
        : { name: seller.name, iban: formatIban(seller.iban), bic: seller.bic, reference: view.number, amountCents: remaining, qr },
    cardPayment: cardPayments && remaining > 0 && view.kind !== 'credit_note' && (rows[0]?.card_account ?? null) !== null,
    latePenalty: document.mentions.latePenalty,
    recoveryIndemnity: document.mentions.recoveryIndemnity
  }
}

export async function invoiceLinkPdf(db: Database, token: string): Promise<{ pdf: Uint8Array; filename: string }> {
  if (!isWellFormedToken(token)) throw linkNotFound()
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ number: string; kind: InvoiceKind; pdf: Uint8Array | null }>('select * from paraphe.invoice_link_pdf($1)', [
      hashToken(token)
    ])
  )
  const row = rows[0]
  if (row === undefined) throw linkNotFound()
  if (row.pdf === null) throw pdfInPreparation()
  return { pdf: row.pdf, filename: invoiceFileName(row.kind, row.number, 'pdf') }
}
