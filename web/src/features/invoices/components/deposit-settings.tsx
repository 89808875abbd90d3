import { useId, useState, type FormEvent } from 'react'
import { asApiError } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { useWorkspace } from '@/hooks/use-workspace'

type Loaded = { kind: 'closed' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string }

/**
 * « Facture d’acompte à la signature »: when on, the client's signature of a quote asking for a
 * deposit issues the deposit invoice and e-mails it to the client by itself. Off by default:
 * issuing numbers the invoice for good. Read when opened, like the reminders.
 */
export function DepositSettings() {
  const { api } = useWorkspace()
  const id = useId()
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'closed' })
  const [checked, setChecked] = useState(false)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const open = () => {
    if (loaded.kind !== 'closed') return
    setLoaded({ kind: 'loading' })
    invoicesApi.depositAtSignature(api).then(
      (on) => {
        setChecked(on)
        setLoaded({ kind: 'ready' })
      },
      (error: unknown) => setLoaded({ kind: 'failed', message: asApiError(error).message })
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSaved(null)
    setProblem(null)
    setPending(true)
    invoicesApi.saveDepositAtSignature(api, checked).then(
      (on) => {
        setPending(false)
        setChecked(on)
        setSaved(
          on
            ? 'Enregistré : à chaque signature d’un devis avec acompte, la facture d’acompte sera émise et envoyée au client.'
            : 'Enregistré : vous émettez vous-même les factures d’acompte depuis le devis signé.'
        )
      },
      (error: unknown) => {
        setPending(false)
        setProblem(asApiError(error).message)
      }
    )
  }
  return (
    <details className="invoice-export" onToggle={(event) => (event.currentTarget.open ? open() : undefined)}>
      <summary>Acompte à la signature</summary>
      {loaded.kind === 'loading' ? <p role="status">Chargement…</p> : null}
      {loaded.kind === 'failed' ? (
        <p className="notice notice--error" role="alert">
          {loaded.message}
        </p>
      ) : null}
      {loaded.kind === 'ready' ? (
        <form onSubmit={submit} noValidate aria-label="Facture d’acompte à la signature">
          <div className="field field--checkbox">
            <input id={`${id}-on`} type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
            <label htmlFor={`${id}-on`}>Émettre et envoyer la facture d’acompte dès la signature du devis</label>
            <p className="field__hint">
              Quand votre client signe un devis qui prévoit un acompte, la facture d’acompte est émise (numérotée, définitive) et lui est
              envoyée par e-mail avec son lien de paiement. Sinon, vous l’émettez vous-même depuis le devis signé.
            </p>
          </div>
          {problem === null ? null : (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          {saved === null ? null : (
            <p className="notice notice--success" role="status">
              {saved}
            </p>
          )}
          <button type="submit" className="button button--ghost" disabled={pending}>
            {pending ? 'Enregistrement…' : 'Enregistrer'}
          </button>
        </form>
      ) : null}
    </details>
  )
}
