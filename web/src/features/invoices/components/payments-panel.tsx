import { useId, useState, type FormEvent } from 'react'
import {
  PAYMENT_MEANS,
  PAYMENT_MEANS_LABELS,
  type Invoice,
  type InvoicePayment,
  type PaymentMeans
} from '@paraphe/shared/api/invoice-schemas'
import { formatLongDate, parisIsoDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import { asApiError } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { useWorkspace } from '@/hooks/use-workspace'
import { checkPayment, initialPayment, type PaymentFields } from '../lib/payment-form'

type InvoiceEvent = Invoice['events'][number]

/** One line of the payments: money received, or taken back (a refund, a dispute) and given again. */
function paymentLine(payment: InvoicePayment): string {
  const day = formatLongDate(payment.paidOn)
  switch (payment.reason) {
    case 'refund':
      return `Remboursé ${formatEuros(-payment.amountCents)} le ${day}`
    case 'dispute_withdrawn':
      return `Retiré par la banque du client (litige) ${formatEuros(-payment.amountCents)} le ${day}`
    case 'dispute_reinstated':
      return `Rendu après le litige ${formatEuros(payment.amountCents)} le ${day}`
    case null:
      return `${formatEuros(payment.amountCents)} le ${day} — ${PAYMENT_MEANS_LABELS[payment.means]}`
  }
}

const sameDispute = (one: InvoiceEvent, other: InvoiceEvent) => one.data['stripeDispute'] === other.data['stripeDispute']

/** A card payment the client disputes with their bank: open (what to do), then won or lost. */
function DisputeNotice({ dispute, closing }: { dispute: InvoiceEvent; closing: InvoiceEvent | undefined }) {
  const amount = formatEuros(Number(dispute.data['amountCents'] ?? 0))
  const day = formatLongDate(parisIsoDate(new Date(dispute.occurredAt)))
  if (closing === undefined)
    return (
      <p className="notice notice--warning">
        Le client conteste un paiement par carte de {amount} auprès de sa banque ({day})&#8239;: répondez-y depuis votre tableau de bord
        Stripe.
      </p>
    )
  return closing.data['outcome'] === 'won' ? (
    <p className="notice notice--success">
      Litige sur le paiement par carte de {amount} ({day}) clos en votre faveur&#8239;: la somme vous reste acquise.
    </p>
  ) : (
    <p className="notice notice--warning">
      Litige sur le paiement par carte de {amount} ({day}) perdu&#8239;: la banque a rendu la somme au client, elle reste due sur cette
      facture.
    </p>
  )
}

/** The payments recorded on an issued invoice, and « Enregistrer un paiement » while something is left. */
export function PaymentsPanel({ invoice, onChanged }: { invoice: Invoice; onChanged: (invoice: Invoice) => void }) {
  // Reversals (a card refund) are listed too: the client got that money back.
  const payments = invoice.payments
  const disputes = invoice.events.filter((event) => event.type === 'payment_disputed')
  const closings = invoice.events.filter((event) => event.type === 'payment_dispute_closed')
  return (
    <section className="invoice-panel" aria-labelledby="payments-title">
      <h2 id="payments-title">Paiements</h2>
      <dl className="invoice-figures">
        <div>
          <dt>Montant à payer</dt>
          <dd>{formatEuros(invoice.amountDueCents)}</dd>
        </div>
        <div>
          <dt>Encaissé</dt>
          <dd>{formatEuros(invoice.paidCents)}</dd>
        </div>
        {invoice.creditedCents === 0 ? null : (
          <div>
            <dt>Annulé par avoir</dt>
            <dd>{formatEuros(invoice.creditedCents)}</dd>
          </div>
        )}
        <div>
          <dt>Reste à encaisser</dt>
          <dd className="invoice-figures__remaining">{formatEuros(invoice.remainingCents)}</dd>
        </div>
      </dl>
      {payments.length === 0 ? (
        <p className="hint">Aucun paiement enregistré.</p>
      ) : (
        <ul className="invoice-payments">
          {payments.map((payment) => (
            <li key={payment.id}>
              {paymentLine(payment)}
              {payment.note === '' ? null : <span className="hint"> ({payment.note})</span>}
            </li>
          ))}
        </ul>
      )}
      {disputes.map((dispute, index) => (
        <DisputeNotice key={index} dispute={dispute} closing={closings.find((closing) => sameDispute(closing, dispute))} />
      ))}
      {invoice.remainingCents > 0 ? <PaymentForm invoice={invoice} onChanged={onChanged} /> : null}
    </section>
  )
}

function PaymentForm({ invoice, onChanged }: { invoice: Invoice; onChanged: (invoice: Invoice) => void }) {
  const { api } = useWorkspace()
  const id = useId()
  const today = parisIsoDate(new Date())
  const [fields, setFields] = useState<PaymentFields>(() => initialPayment(invoice.remainingCents, today))
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const set = (change: Partial<PaymentFields>) => setFields((current) => ({ ...current, ...change }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkPayment(fields, { remainingCents: invoice.remainingCents, issueDate: invoice.issueDate ?? today, today })
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    setProblem(null)
    setPending(true)
    invoicesApi.recordPayment(api, invoice.id, checked.value).then(
      (updated) => {
        setPending(false)
        setFields(initialPayment(updated.remainingCents, today))
        onChanged(updated)
      },
      (error: unknown) => {
        setPending(false)
        setProblem(asApiError(error).message)
      }
    )
  }

  const describedBy = (name: string) => (errors[name] === undefined ? undefined : `${id}-${name}-error`)
  return (
    <form className="invoice-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Enregistrer un paiement</h3>
      <p className="hint">Le montant proposé est le reste à encaisser&#8239;; indiquez moins pour un paiement partiel.</p>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Montant reçu (€)</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={fields.amount}
          onChange={(event) => set({ amount: event.target.value })}
          aria-invalid={errors.amount !== undefined}
          aria-describedby={describedBy('amount')}
        />
        {errors.amount === undefined ? null : (
          <p className="field__error" id={`${id}-amount-error`}>
            {errors.amount}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-date`}>Date du paiement</label>
        <input
          id={`${id}-date`}
          type="date"
          max={today}
          value={fields.paidOn}
          onChange={(event) => set({ paidOn: event.target.value })}
          aria-invalid={errors.paidOn !== undefined}
          aria-describedby={describedBy('paidOn')}
        />
        {errors.paidOn === undefined ? null : (
          <p className="field__error" id={`${id}-paidOn-error`}>
            {errors.paidOn}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-means`}>Moyen de paiement</label>
        <select
          id={`${id}-means`}
          value={fields.means}
          onChange={(event) =>
            set({ means: PAYMENT_MEANS.find((means) => means === event.target.value) ?? ('other' satisfies PaymentMeans) })
          }
        >
          {PAYMENT_MEANS.map((means) => (
            <option key={means} value={means}>
              {PAYMENT_MEANS_LABELS[means]}
            </option>
          ))}
        </select>
      </div>
      {problem === null ? null : (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Enregistrement…' : 'Enregistrer le paiement'}
      </button>
    </form>
  )
}
