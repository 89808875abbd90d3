import { useId, useState, type FormEvent } from 'react'
import { asApiError } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { useWorkspace } from '@/hooks/use-workspace'
import { formatReminderDays, readReminderDays } from '../lib/reminder-days'

type Loaded = { kind: 'closed' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string }

/**
 * « Relances automatiques »: the days after the due date when an unpaid invoice's client gets a
 * reminder (7, 15 and 30 by default). Read when opened, so the invoice list costs no extra request.
 */
export function ReminderSettings() {
  const { api } = useWorkspace()
  const id = useId()
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'closed' })
  const [text, setText] = useState('')
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const open = () => {
    if (loaded.kind !== 'closed') return
    setLoaded({ kind: 'loading' })
    invoicesApi.reminderDays(api).then(
      (days) => {
        setText(formatReminderDays(days))
        setLoaded({ kind: 'ready' })
      },
      (error: unknown) => setLoaded({ kind: 'failed', message: asApiError(error).message })
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSaved(null)
    const read = readReminderDays(text)
    if (!read.ok) {
      setProblem(read.problem)
      return
    }
    setProblem(null)
    setPending(true)
    invoicesApi.saveReminderDays(api, read.days).then(
      (days) => {
        setPending(false)
        setText(formatReminderDays(days))
        setSaved(
          days.length === 0
            ? 'Relances automatiques arrêtées : « Relancer le client » reste possible sur chaque facture.'
            : `Relances enregistrées : ${formatReminderDays(days)} jours après l’échéance.`
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
      <summary>Relances automatiques</summary>
      {loaded.kind === 'loading' ? <p role="status">Chargement…</p> : null}
      {loaded.kind === 'failed' ? (
        <p className="notice notice--error" role="alert">
          {loaded.message}
        </p>
      ) : null}
      {loaded.kind === 'ready' ? (
        <form onSubmit={submit} noValidate aria-label="Relances automatiques des factures impayées">
          <div className={problem === null ? 'field' : 'field field--invalid'}>
            <label htmlFor={`${id}-days`}>Jours après l’échéance</label>
            <p className="field__hint" id={`${id}-hint`}>
              Votre client reçoit un rappel avec les pénalités de retard ces jours-là, tant que la facture envoyée par Paraphe n’est pas
              réglée. Par exemple «&#8239;7, 15, 30&#8239;»&#8239;; laissez vide pour ne relancer qu’à la main.
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
      ) : null}
    </details>
  )
}
