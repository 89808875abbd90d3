import { useId, useState, type FormEvent } from 'react'
import { EXPORT_FORMATS, type ExportFormat } from '@paraphe/shared/api/invoice-client-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import { asApiError } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { saveFile } from '@/lib/save-file'
import { useWorkspace } from '@/hooks/use-workspace'

const FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'Tableur CSV (factures, avoirs et paiements)',
  fec: 'Journal des ventes au format FEC',
  zip: 'Fichiers Factur-X (ZIP)'
}

/** The month so far: what an accountant asks for most often. */
function thisMonth(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today }
}

/** « Exporter pour le comptable »: the invoices issued in a period, as CSV, FEC or zipped Factur-X files. */
export function AccountantExport() {
  const { api } = useWorkspace()
  const id = useId()
  const [period, setPeriod] = useState(() => thisMonth(parisIsoDate(new Date())))
  const [format, setFormat] = useState<ExportFormat>('csv')
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    if (period.from === '' || period.to === '') {
      setProblem('Indiquez les deux dates de la période.')
      return
    }
    if (period.from > period.to) {
      setProblem('La date de début doit précéder la date de fin.')
      return
    }
    setPending(true)
    invoicesApi.export(api, { ...period, format }).then(
      (file) => {
        setPending(false)
        saveFile(file, `factures-${period.from}-${period.to}.${format === 'fec' ? 'txt' : format}`)
      },
      (error: unknown) => {
        setPending(false)
        setProblem(asApiError(error).message)
      }
    )
  }
  return (
    <details className="invoice-export">
      <summary>Exporter pour le comptable</summary>
      <form onSubmit={submit} noValidate aria-label="Exporter les factures d’une période">
        <p className="field__hint">Les factures et avoirs émis entre ces deux dates, incluses.</p>
        <div className="invoice-export__period">
          <div className="field">
            <label htmlFor={`${id}-from`}>Du</label>
            <input
              id={`${id}-from`}
              type="date"
              value={period.from}
              onChange={(event) => setPeriod((current) => ({ ...current, from: event.target.value }))}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>Au</label>
            <input
              id={`${id}-to`}
              type="date"
              value={period.to}
              onChange={(event) => setPeriod((current) => ({ ...current, to: event.target.value }))}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            value={format}
            onChange={(event) => setFormat(EXPORT_FORMATS.find((option) => option === event.target.value) ?? 'csv')}
          >
            {EXPORT_FORMATS.map((option) => (
              <option key={option} value={option}>
                {FORMAT_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        {problem === null ? null : (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button button--ghost" disabled={pending}>
          {pending ? 'Préparation de l’export…' : 'Télécharger l’export'}
        </button>
      </form>
    </details>
  )
}
