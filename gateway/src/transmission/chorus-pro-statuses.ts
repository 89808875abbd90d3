// Chorus Pro's invoice statuses in the lifecycle codes the invoice page, the list and the API show
// (AFNOR XP Z12-012, shared/src/invoices/lifecycle-statuses.ts). The one map: Chorus Pro predates
// the reform's lifecycle and no official correspondence was published when this was written, so
// each line says whether the match is plain (same meaning) or our reading (unconfirmed).
// A status not in the map is not shown (nothing is guessed).
export const CHORUS_PRO_STATUS_CODES: Readonly<Record<string, { code: number; confirmed: boolean }>> = {
  // Plain: the same words and the same step.
  DEPOSEE: { code: 200, confirmed: true },
  MISE_A_DISPOSITION: { code: 203, confirmed: true },
  SUSPENDUE: { code: 208, confirmed: true },
  COMPLETEE: { code: 209, confirmed: true },
  // Unconfirmed: in transit to the recipient structure, as « Reçue par la plateforme ».
  EN_COURS_ACHEMINEMENT: { code: 202, confirmed: false },
  // Unconfirmed: the public buyer rejects the invoice with a reason — the buyer's refusal (210),
  // corrected by a credit note and a new invoice, not a platform's technical rejection (213).
  REJETEE: { code: 210, confirmed: false },
  // Unconfirmed: sent to the wrong service (the buyer sends it back to be re-addressed).
  A_RECYCLER: { code: 221, confirmed: false },
  // Unconfirmed: the buyer certified the service done, as « Approuvée ».
  SERVICE_FAIT: { code: 205, confirmed: false },
  // Unconfirmed: the payment order issued and taken in charge by the public accountant.
  MANDATEE: { code: 204, confirmed: false },
  // Unconfirmed: the public accountant paid, as « Paiement transmis ».
  MISE_EN_PAIEMENT: { code: 211, confirmed: false },
  // Unconfirmed: the supplier cancelled the invoice.
  ANNULEE: { code: 220, confirmed: false }
}

/** The lifecycle code of a Chorus Pro status; null for one the map does not know. */
export function lifecycleCodeOfChorusPro(status: string): number | null {
  return CHORUS_PRO_STATUS_CODES[status.toUpperCase()]?.code ?? null
}
