// « Envoyer la facture »: the issued invoice goes to the client by e-mail, its PDF attached, with
// a link to the invoice page. An explicit action after issuing, as in Obat and Tolteck: the
// professional checks the issued PDF first, may hand it over in person, or send it to another
// address (an accounts department); sending again sends a new link.
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceSendRequest } from '@paraphe/shared/api/invoice-client-schemas'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { isEmailAddress } from '@paraphe/shared/email'
import type { Queryable } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'
import { findInvoice, getInvoice } from '../invoices-repository.js'
import type { Site } from '../../config.js'
import { queueInvoiceMail } from './invoice-mailing.js'

/** The address an e-mail about `document` goes to: `to` when given, else the client's. */
export function recipientOf(document: InvoiceDocument, to: string | undefined): string {
  const address = (to ?? document.buyer.email).trim()
  if (address === '') {
    throw new ApiProblem(
      422,
      'no_client_email',
      'Le client n’a pas d’adresse e-mail sur cette facture : indiquez l’adresse à laquelle l’envoyer.',
      {
        to: 'Indiquez une adresse e-mail.'
      }
    )
  }
  if (!isEmailAddress(address))
    throw new ApiProblem(422, 'validation_failed', 'Cette adresse e-mail ne semble pas valide (exemple : nom@domaine.fr).', {
      to: 'Adresse e-mail invalide.'
    })
  return address
}

export async function sendInvoice(
  tx: Queryable,
  id: string,
  request: InvoiceSendRequest,
  site: Site,
  now: Date
): Promise<{ invoice: Invoice; sentTo: string }> {
  const row = await findInvoice(tx, id, { lock: true })
  if (row.status !== 'issued')
    throw new ApiProblem(409, 'invoice_draft', 'Émettez la facture avant de l’envoyer : un brouillon n’a ni numéro ni PDF.')
  const sentTo = recipientOf(row.document as InvoiceDocument, request.to)
  await queueInvoiceMail(tx, row, { type: 'invoice', to: sentTo }, site)
  return { invoice: await getInvoice(tx, id, now), sentTo }
}
