import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { formatEuros, formatVatRate, VAT_RATES_BP } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import { savedClientName } from '@paraphe/shared/saved-clients'
import { asApiError } from '@/lib/api-client'
import type { SavedClient } from '@/lib/clients-api'
import { invoicesApi } from '@/lib/invoices-api'
import { useWorkspace } from '@/hooks/use-workspace'
import { requestProblem } from '../lib/request-problem'
import {
  EMPTY_STANDARD_FORM,
  formOfRequest,
  newLine,
  previewTotals,
  readStandardForm,
  vatRateOf,
  withSavedClient,
  type FormProblems,
  type StandardInvoiceForm as Form,
  type TypedLine
} from '../lib/standard-invoice-form'
import { useInvoiceOptions } from './invoice-options-fields'

/** A text field with its label, hint and error tied to it. */
function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  multiline = false,
  inputMode
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
  hint?: string
  multiline?: boolean
  inputMode?: 'decimal' | 'numeric' | 'email'
}) {
  const described = [hint === undefined ? null : `${id}-hint`, error === undefined ? null : `${id}-error`]
    .filter((part) => part !== null)
    .join(' ')
  const common = { id, value, 'aria-invalid': error !== undefined, 'aria-describedby': described === '' ? undefined : described }
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id}>{label}</label>
      {hint === undefined ? null : (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} inputMode={inputMode} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      )}
      {error === undefined ? null : (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * « Nouvelle facture »: an invoice without a quote (a small job, a sale), its client picked among
 * the saved clients or typed (a saved client marked « Acheteur public » makes it a Chorus Pro
 * invoice, with the engagement number asked), its lines as in the quote editor's simplest form;
 * prepared as a draft like the others (or the draft edited in place).
 */
export function StandardInvoiceForm({
  savedClients,
  draft,
  franchiseEnBase
}: {
  savedClients: readonly SavedClient[]
  draft: Invoice | null
  franchiseEnBase: boolean
}) {
  const { api } = useWorkspace()
  const navigate = useNavigate()
  const id = useId()
  const [form, setForm] = useState<Form>(() =>
    draft === null ? { ...EMPTY_STANDARD_FORM, lines: [newLine()] } : formOfRequest(draft.request)
  )
  const [problems, setProblems] = useState<FormProblems>({})
  const [refusal, setRefusal] = useState<string[] | null>(null)
  const [pending, setPending] = useState(false)
  const business = form.clientKind === 'business'
  const options = useInvoiceOptions({
    retention: false,
    reverseCharge: business && !franchiseEnBase ? 'choice' : 'none',
    ...(draft === null ? {} : { initial: draft.request })
  })
  const totals = previewTotals(form.lines, franchiseEnBase)
  const set = (change: Partial<Form>) => setForm((current) => ({ ...current, ...change }))
  const setLine = (key: string, change: Partial<TypedLine>) =>
    setForm((current) => ({ ...current, lines: current.lines.map((line) => (line.key === key ? { ...line, ...change } : line)) }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setRefusal(null)
    const read = readStandardForm(form)
    const chosen = options.read()
    setProblems(read.ok ? {} : read.problems)
    if (!read.ok || chosen === null) return
    setPending(true)
    const request = { ...read.request, ...chosen }
    const saved = draft === null ? invoicesApi.createDraft(api, request) : invoicesApi.updateDraft(api, draft.id, draft.version, request)
    saved.then(
      (invoice) => void navigate(paths.invoice.href(invoice.id)),
      (error: unknown) => {
        setPending(false)
        setRefusal(requestProblem(asApiError(error)))
      }
    )
  }
  const problemCount = Object.keys(problems).length
  return (
    <form className="invoice-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{draft === null ? 'Facture sans devis' : 'Modifier le brouillon'}</h2>
      <fieldset>
        <legend>Client</legend>
        {savedClients.length === 0 ? null : (
          <div className="field">
            <label htmlFor={`${id}-saved`}>Client enregistré</label>
            <select
              id={`${id}-saved`}
              defaultValue=""
              onChange={(event) => {
                const picked = savedClients.find((client) => client.id === event.target.value)
                // « Saisir un autre client »: what is typed is kept, but no longer a public buyer's invoice.
                setForm((current) =>
                  picked === undefined ? { ...current, publicBuyer: null, engagement: '' } : withSavedClient(current, picked)
                )
              }}
            >
              <option value="">Saisir un autre client</option>
              {savedClients.map((client) => (
                <option key={client.id} value={client.id}>
                  {savedClientName(client)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="choices" role="radiogroup" aria-label="Type de client">
          <label className="choice">
            <input type="radio" name={`${id}-kind`} checked={!business} onChange={() => set({ clientKind: 'individual' })} /> Particulier
          </label>
          <label className="choice">
            <input type="radio" name={`${id}-kind`} checked={business} onChange={() => set({ clientKind: 'business' })} /> Professionnel
          </label>
        </div>
        {business ? (
          <TextField
            id={`${id}-company`}
            label="Société"
            value={form.company}
            onChange={(company) => set({ company })}
            error={problems['client.name']}
          />
        ) : null}
        <TextField
          id={`${id}-name`}
          label={business ? 'Contact (facultatif)' : 'Nom du client'}
          value={form.name}
          onChange={(name) => set({ name })}
          error={business ? undefined : problems['client.name']}
        />
        <TextField
          id={`${id}-email`}
          label="E-mail (facultatif)"
          inputMode="email"
          value={form.email}
          onChange={(email) => set({ email })}
          error={undefined}
        />
        <TextField
          id={`${id}-address`}
          label="Adresse"
          hint="Le code postal et la ville sur une ligne, comme sur une enveloppe."
          multiline
          value={form.address}
          onChange={(address) => set({ address })}
          error={problems['client.address']}
        />
        {business ? (
          <TextField
            id={`${id}-siren`}
            label="SIREN du client"
            hint="Obligatoire sur une facture à un professionnel (les 9 premiers chiffres de son SIRET)."
            inputMode="numeric"
            value={form.siren}
            onChange={(siren) => set({ siren })}
            error={problems.clientSiren}
          />
        ) : null}
        {business && form.publicBuyer !== null ? (
          <>
            <p className="hint">
              {/* The way it leaves (Chorus Pro, or e-mail while no access is set) is said once issued. */}
              Acheteur public (Chorus Pro)&#8239;: SIRET {form.publicBuyer.siret}
              {form.publicBuyer.serviceCode === '' ? '' : `, code service ${form.publicBuyer.serviceCode}`}.
            </p>
            <TextField
              id={`${id}-engagement`}
              label="N° d’engagement (facultatif)"
              hint="Le numéro d’engagement (bon de commande) que l’acheteur public vous a donné : il figure sur la facture."
              value={form.engagement}
              onChange={(engagement) => set({ engagement })}
              error={problems.engagementNumber}
            />
          </>
        ) : null}
      </fieldset>
      <TextField id={`${id}-title`} label="Objet (facultatif)" value={form.title} onChange={(title) => set({ title })} error={undefined} />
      <fieldset>
        <legend>Lignes</legend>
        <ol className="invoice-typed-lines">
          {form.lines.map((line, index) => (
            <li key={line.key} className="invoice-typed-line">
              <TextField
                id={`${id}-${line.key}-description`}
                label={`Désignation (ligne ${index + 1})`}
                value={line.description}
                onChange={(description) => setLine(line.key, { description })}
                error={problems[`lines.${index}.description`]}
              />
              <div className="invoice-typed-line__amounts">
                <TextField
                  id={`${id}-${line.key}-quantity`}
                  label="Quantité"
                  inputMode="decimal"
                  value={line.quantity}
                  onChange={(quantity) => setLine(line.key, { quantity })}
                  error={problems[`lines.${index}.quantity`]}
                />
                <TextField
                  id={`${id}-${line.key}-price`}
                  label="Prix unitaire HT (€)"
                  inputMode="decimal"
                  value={line.unitPrice}
                  onChange={(unitPrice) => setLine(line.key, { unitPrice })}
                  error={problems[`lines.${index}.unitPrice`]}
                />
                <div className="field">
                  <label htmlFor={`${id}-${line.key}-vat`}>TVA</label>
                  <select
                    id={`${id}-${line.key}-vat`}
                    value={line.vatRateBp}
                    onChange={(event) => setLine(line.key, { vatRateBp: vatRateOf(event.target.value) })}
                  >
                    {VAT_RATES_BP.map((rate) => (
                      <option key={rate} value={rate}>
                        {formatVatRate(rate)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              {form.lines.length > 1 ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => set({ lines: form.lines.filter((other) => other.key !== line.key) })}
                >
                  Retirer la ligne {index + 1}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        {problems.lines === undefined ? null : <p className="field__error">{problems.lines}</p>}
        <button type="button" className="button button--ghost" onClick={() => set({ lines: [...form.lines, newLine()] })}>
          Ajouter une ligne
        </button>
      </fieldset>
      <p className="invoice-preview" aria-live="polite">
        Total HT {formatEuros(totals.totalHtCents)} · TVA {formatEuros(totals.totalVatCents)} · Total TTC{' '}
        {formatEuros(totals.totalTtcCents)}
      </p>
      {options.fields}
      {problemCount === 0 ? null : (
        <p className="notice notice--error" role="alert">
          {problemCount === 1 ? 'Un champ est à corriger.' : `${problemCount} champs sont à corriger.`}
        </p>
      )}
      {refusal === null ? null : (
        <div className="notice notice--error" role="alert">
          {refusal.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <p className="hint">La facture est d’abord préparée en brouillon&#8239;: vous la relisez avant de l’émettre.</p>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Préparation…' : draft === null ? 'Préparer la facture' : 'Enregistrer le brouillon'}
      </button>
    </form>
  )
}
