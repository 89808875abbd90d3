import { useId, useState, type FormEvent } from 'react'
import { asApiError } from '@/lib/api-client'
import { useReminderDays, useSaveReminderDays } from '../api/invoice-settings'
import { formatReminderDays, readReminderDays } from '../lib/reminder-days'
import { SettingsLoad } from './settings-load'

/**
 * « Relances automatiques »: the days after the due date when an unpaid invoice's client gets a
 * reminder (7, 15 and 30 by default). Read when first opened, so the invoice list costs no extra
 * request; the form then keeps what the user types while the panel is closed and opened again.
 */
export function ReminderSettings() {
  const [opened, setOpened] = useState(false)
  const query = useReminderDays(opened)
  return (
    <details className="invoice-export" onToggle={(event) => (event.currentTarget.open ? setOpened(true) : undefined)}>
      <summary>Relances automatiques</summary>
      <SettingsLoad opened={opened} query={query}>
        {(days) => <ReminderForm stored={days} />}
      </SettingsLoad>
    </details>
  )
}

function ReminderForm({ stored }: { stored: number[] }) {
  const id = useId()
  const save = useSaveReminderDays()
  const [text, setText] = useState(() => formatReminderDays(stored))
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const pending = save.isPending
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSaved(null)
    const read = readReminderDays(text)
    if (!read.ok) {
      setProblem(read.problem)
      return
    }
    setProblem(null)
    save.mutate(read.days, {
      onSuccess: (days) => {
        setText(formatReminderDays(days))
        setSaved(
          days.length === 0
            ? 'Relances automatiques arrêtées : « Relancer le client » reste possible sur chaque facture.'
            : `Relances enregistrées : ${formatReminderDays(days)} jours après l’échéance.`
        )
      },
      onError: (error) => setProblem(asApiError(error).message)
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Relances automatiques des factures impayées">
      <div className={problem === null ? 'field' : 'field field--invalid'}>
        <label htmlFor={`${id}-days`}>Jours après l’échéance</label>
        <p className="field__hint" id={`${id}-hint`}>
          Votre client reçoit un rappel avec les pénalités de retard ces jours-là, tant que la facture envoyée par Paraphe n’est pas réglée.
          Par exemple «&#8239;7, 15, 30&#8239;»&#8239;; laissez vide pour ne relancer qu’à la main.
        </p>
        <input
          id={`${id}-days`}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? `${id}-hint` : `${id}-hint ${id}-error`}
          onChange={(event) => setText(event.target.value)}
        />
        {problem === null ? null : (
          <p className="field__error" id={`${id}-error`}>
            {problem}
          </p>
        )}
      </div>
      {saved === null ? null : (
        <p className="notice notice--success" role="status">
          {saved}
        </p>
      )}
      <button type="submit" className="button button--ghost" disabled={pending}>
        {pending ? 'Enregistrement…' : 'Enregistrer les relances'}
      </button>
    </form>
  )
}
