// « Enregistrer un paiement » and « Créer un avoir »: the fields as typed, checked before the
// request with the messages the professional reads beside them.
import { PAYMENT_MEANS, type NewPayment, type PaymentMeans } from '@paraphe/shared/api/invoice-schemas'
import { formatCentsInput, parseEurosToCents } from '@paraphe/shared/decimal-input'
import { formatEuros } from '@paraphe/shared/money'

export interface PaymentFields {
  amount: string
  /** `YYYY-MM-DD`, as a date input gives it. */
  paidOn: string
  means: PaymentMeans
}

export type FormCheck<T> = { ok: true; value: T } | { ok: false; errors: Partial<Record<string, string>> }

/** The form as it opens: the whole amount left, paid today, by transfer. */
export function initialPayment(remainingCents: number, today: string): PaymentFields {
  return { amount: formatCentsInput(remainingCents), paidOn: today, means: 'transfer' }
}

/** A payment of at most what is left, dated between the issue date and today. */
export function checkPayment(
  fields: PaymentFields,
  context: { remainingCents: number; issueDate: string; today: string }
): FormCheck<NewPayment> {
  const errors: Record<string, string> = {}
  const amount = parseEurosToCents(fields.amount, context.remainingCents)
  if (!amount.ok) {
    errors.amount =
      amount.message === 'Ce montant est trop élevé.'
        ? `Il reste ${formatEuros(context.remainingCents)} à encaisser sur cette facture.`
        : amount.message
  } else if (amount.value === 0) errors.amount = 'Le montant doit être supérieur à zéro.'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.paidOn)) errors.paidOn = 'Indiquez la date du paiement.'
  else if (fields.paidOn > context.today) errors.paidOn = 'Un paiement ne peut pas être daté de demain ou plus tard.'
  else if (fields.paidOn < context.issueDate) errors.paidOn = 'Un paiement ne peut pas précéder la facture.'
  if (!PAYMENT_MEANS.includes(fields.means)) errors.means = 'Choisissez le moyen de paiement.'
  if (Object.keys(errors).length > 0 || !amount.ok) return { ok: false, errors }
  return { ok: true, value: { amountCents: amount.value, paidOn: fields.paidOn, means: fields.means } }
}

/** A credit note: the whole invoice, or an amount TTC of at most what it has not credited yet. */
export function checkCredit(whole: boolean, amountText: string, creditableCents: number): FormCheck<{ creditAmountCents?: number }> {
  if (creditableCents <= 0) return { ok: false, errors: { amount: 'Cette facture est déjà entièrement annulée par avoir.' } }
  if (whole) return { ok: true, value: {} }
  const amount = parseEurosToCents(amountText, creditableCents)
  if (!amount.ok) {
    return {
      ok: false,
      errors: {
        amount:
          amount.message === 'Ce montant est trop élevé.'
            ? `Un avoir ne peut pas dépasser ${formatEuros(creditableCents)} sur cette facture.`
            : amount.message
      }
    }
  }
  if (amount.value === 0) return { ok: false, errors: { amount: 'Le montant doit être supérieur à zéro.' } }
  return { ok: true, value: { creditAmountCents: amount.value } }
}
