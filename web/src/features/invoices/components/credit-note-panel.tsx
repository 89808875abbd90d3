import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { formatEuros } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import { asApiError } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { useWorkspace } from '@/hooks/use-workspace'
import { checkCredit } from '../lib/payment-form'

/** « Créer un avoir »: the whole invoice or part of it; a draft credit note, reviewed before it is issued. */
export function CreditNotePanel({ invoice }: { invoice: Invoice }) {
  const { api } = useWorkspace()
  const navigate = useNavigate()
  const id = useId()
  const creditable = Math.max(0, invoice.totalTtcCents - invoice.creditedCents)
  const [whole, setWhole] = useState(true)
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkCredit(whole, amount, creditable)
    if (!checked.ok) {
      setError(checked.errors.amount ?? null)
      return
    }
    setError(null)
    setPending(true)
    // « Toute la facture » once part of it was credited is what is left of it: the gateway reads
    // no amount as the invoice's whole total, which that part already exceeds.
    const body = whole && invoice.creditedCents > 0 ? { creditAmountCents: creditable } : checked.value
    invoicesApi.creditNote(api, invoice.id, body).then(
      (credit) => void navigate(paths.invoice.href(credit.id)),
      (failure: unknown) => {
        setPending(false)
        setError(asApiError(failure).message)
      }
    )
  }

  return (
    <section className="invoice-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Créer un avoir</h2>
      <p className="hint">
        Une facture émise ne se modifie plus&#8239;: une erreur ou un geste commercial se corrige par un avoir qui la cite.
      </p>
      {creditable === 0 ? (
        <p>Cette facture est entièrement annulée par avoir.</p>
      ) : (
        <form className="invoice-form" onSubmit={submit} noValidate>
          <fieldset>
            <legend>Montant de l’avoir</legend>
            <label className="choice">
              <input type="radio" name={`${id}-whole`} checked={whole} onChange={() => setWhole(true)} /> Toute la facture (
              {formatEuros(creditable)} TTC)
            </label>
            <label className="choice">
              <input type="radio" name={`${id}-whole`} checked={!whole} onChange={() => setWhole(false)} /> Une partie
            </label>
          </fieldset>
          {whole ? null : (
            <div className="field">
              <label htmlFor={`${id}-amount`}>Montant TTC de l’avoir (€)</label>
              <input
                id={`${id}-amount`}
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error === null ? undefined : `${id}-error`}
              />
            </div>
          )}
          {error === null ? null : (
            <p className="field__error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--ghost" disabled={pending}>
            {pending ? 'Préparation…' : 'Préparer l’avoir'}
          </button>
        </form>
      )}
    </section>
  )
}
