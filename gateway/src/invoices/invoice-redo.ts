// « Annuler par un avoir et refaire la facture »: what a refused (210) or rejected (213) invoice
// needs, in one transaction — the issued invoice is never edited; a credit note is issued for what
// is left of it (the credit-note function, no amount: the rest), and a new draft is made from the
// same request (same kind, buyer, lines or quote share), to correct before issuing it. Pressed
// twice (or on two screens), the second finds the invoice cancelled under its lock and is refused.
import type { CreditAndRedo } from '@paraphe/shared/api/invoice-redo-schemas'
import { lifecycleLabel, needsCorrection } from '@paraphe/shared/invoices/lifecycle-statuses'
import type { Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { lastLifecycleStatus } from '../transmission/last-status.js'
import { createCreditNote, type IssueContext } from './invoice-issuing.js'
import { createDraft, findInvoice } from './invoices-repository.js'

export async function creditAndRedo(tx: Queryable, companyId: string, id: string, context: IssueContext): Promise<CreditAndRedo> {
  const row = await findInvoice(tx, id, { lock: true })
  if (row.status !== 'issued' || row.kind === 'credit_note')
    throw new ApiProblem(409, 'invoice_not_refused', 'Seule une facture émise, refusée ou rejetée, s’annule ainsi.')
  const last = await lastLifecycleStatus(tx, id)
  if (last === null || !needsCorrection(last.code)) {
    throw new ApiProblem(
      409,
      'invoice_not_refused',
      `Cette facture n’est ni refusée ni rejetée${last === null ? '' : ` (dernier statut : ${lifecycleLabel(last.code)})`} : rien à refaire.`
    )
  }
  if (row.credited_cents >= row.total_ttc_cents) {
    throw new ApiProblem(
      409,
      'invoice_already_redone',
      `La facture ${row.number ?? ''} est déjà annulée par un avoir : ouvrez la nouvelle facture dans la liste des brouillons.`
    )
  }
  const creditNote = await createCreditNote(tx, companyId, id, { issue: true }, context)
  const draft = await createDraft(tx, companyId, row.content, context.now)
  return { creditNote, draft }
}
