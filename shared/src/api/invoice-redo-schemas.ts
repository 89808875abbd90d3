// « Annuler par un avoir et refaire la facture » (`POST /api/invoices/{id}/credit-and-redo`), offered
// on an invoice whose last status from the plateforme agréée is a refusal (210) or a rejection
// (213): the credit note issued for what is left of it, and a new draft made from the same request.
import { Type, type Static } from '@sinclair/typebox'
import { InvoiceSchema } from './invoice-schemas.js'

export const CreditAndRedoBody = Type.Object({
  /** The credit note, issued. */
  creditNote: InvoiceSchema,
  /** The new invoice, a draft to correct and issue. */
  draft: InvoiceSchema
})
export type CreditAndRedo = Static<typeof CreditAndRedoBody>
