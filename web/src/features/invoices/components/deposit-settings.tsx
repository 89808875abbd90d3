import { useId, useState, type FormEvent } from 'react'
import { asApiError } from '@/lib/api-client'
import { useDepositAtSignature, useSaveDepositAtSignature } from '../api/invoice-settings'
import { SettingsLoad } from './settings-load'

/**
 * « Facture d’acompte à la signature »: when on, the client's signature of a quote asking for a
 * deposit issues the deposit invoice and e-mails it to the client by itself. Off by default:
 * issuing numbers the invoice for good. Read when first opened, like the reminders.
 */
export function DepositSettings() {
  const [opened, setOpened] = useState(false)
  const query = useDepositAtSignature(opened)
  return (
    <details className="invoice-export" onToggle={(event) => (event.currentTarget.open ? setOpened(true) : undefined)}>
      <summary>Acompte à la signature</summary>
      <SettingsLoad opened={opened} query={query}>
        {(on) => <DepositForm stored={on} />}
      </SettingsLoad>
    </details>
  )
}

function DepositForm({ stored }: { stored: boolean }) {
  const id = useId()
  const save = useSaveDepositAtSignature()
  const [checked, setChecked] = useState(stored)
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const pending = save.isPending
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSaved(null)
    setProblem(null)
    save.mutate(checked, {
      onSuccess: (on) => {
        setChecked(on)
        setSaved(
          on
            ? 'Enregistré : à chaque signature d’un devis avec acompte, la facture d’acompte sera émise et envoyée au client.'
            : 'Enregistré : vous émettez vous-même les factures d’acompte depuis le devis signé.'
        )
      },
      onError: (error) => setProblem(asApiError(error).message)
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Facture d’acompte à la signature">
      <div className="field field--checkbox">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={`${id}-on`}>Émettre et envoyer la facture d’acompte dès la signature du devis</label>
        <p className="field__hint field__hint--checkbox" id={`${id}-hint`}>
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
  )
}
