import { useId, useState, type FormEvent } from 'react'
import {
  accountingAccountsProblems,
  CUSTOMER_ACCOUNT_LABEL,
  REVENUE_ACCOUNT_LABELS,
  REVENUE_KINDS,
  VAT_ACCOUNT_LABEL,
  VAT_ACCOUNT_RATES,
  vatRateLabel,
  type AccountingAccounts
} from '@paraphe/shared/invoices/accounting-accounts'
import { asApiError } from '@/lib/api-client'
import { useAccountingAccounts, useSaveAccountingAccounts } from '../api/invoice-settings'
import { SettingsLoad } from './settings-load'

/** What each revenue account receives, under its label. */
const REVENUE_HINTS = {
  works: 'Les factures des devis marqués « travaux du bâtiment » (704 par défaut).',
  services: 'Les autres prestations, ou les ventes mêlant biens et services (706 par défaut).',
  goods: 'Les ventes de biens seuls (707 par défaut).'
} as const

/**
 * « Comptes comptables »: the accounts of the Plan comptable général the FEC sales journal books
 * to, with the defaults an accountant expects. Read when first opened, like the reminder delays.
 */
export function AccountingSettings() {
  const [opened, setOpened] = useState(false)
  const query = useAccountingAccounts(opened)
  return (
    <details className="invoice-export" onToggle={(event) => (event.currentTarget.open ? setOpened(true) : undefined)}>
      <summary>Comptes comptables (export FEC)</summary>
      <SettingsLoad opened={opened} query={query}>
        {(stored) => <AccountingForm stored={stored} />}
      </SettingsLoad>
    </details>
  )
}

function AccountingForm({ stored }: { stored: AccountingAccounts }) {
  const id = useId()
  const save = useSaveAccountingAccounts()
  const [accounts, setAccounts] = useState(stored)
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const pending = save.isPending
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSaved(false)
    const found = accountingAccountsProblems(accounts)
    setProblems(found)
    if (Object.keys(found).length > 0) {
      setProblem('Un numéro de compte ne convient pas : corrigez les champs signalés.')
      return
    }
    setProblem(null)
    save.mutate(accounts, {
      onSuccess: (accepted) => {
        setAccounts(accepted)
        setSaved(true)
      },
      onError: (error) => {
        const refused = asApiError(error)
        setProblems(refused.fields ?? {})
        setProblem(refused.message)
      }
    })
  }
  const field = (key: string, label: string, hint: string, value: string, change: (value: string) => void) => {
    const error = problems[key]
    const inputId = `${id}-${key}`
    return (
      <div key={key} className={error === undefined ? 'field' : 'field field--invalid'}>
        <label htmlFor={inputId}>{label}</label>
        <p className="field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? `${inputId}-hint` : `${inputId}-hint ${inputId}-error`}
          onChange={(event) => change(event.target.value)}
        />
        {error === undefined ? null : (
          <p className="field__error" id={`${inputId}-error`}>
            {error}
          </p>
        )}
      </div>
    )
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Comptes comptables du journal des ventes">
      <p className="field__hint">
        Les numéros du plan comptable sur lesquels le journal des ventes (FEC) passe vos factures. Les valeurs proposées sont celles
        qu’attend la plupart des comptables&#8239;; changez-les si le vôtre utilise des sous-comptes.
      </p>
      <fieldset>
        <legend>Comptes de ventes (classe 70)</legend>
        {REVENUE_KINDS.map((kind) =>
          field(kind, REVENUE_ACCOUNT_LABELS[kind], REVENUE_HINTS[kind], accounts[kind], (value) =>
            setAccounts({ ...accounts, [kind]: value })
          )
        )}
      </fieldset>
      {field(
        'customers',
        CUSTOMER_ACCOUNT_LABEL,
        'Le compte de vos clients, débité du montant TTC (411 par défaut).',
        accounts.customers,
        (value) => setAccounts({ ...accounts, customers: value })
      )}
      <fieldset>
        <legend>{VAT_ACCOUNT_LABEL} (4457)</legend>
        {VAT_ACCOUNT_RATES.map((rate) =>
          field(
            `vat.${rate}`,
            `${VAT_ACCOUNT_LABEL} à ${vatRateLabel(rate)}`,
            `La TVA de vos factures au taux de ${vatRateLabel(rate)}.`,
            accounts.vat[rate],
            (value) => setAccounts({ ...accounts, vat: { ...accounts.vat, [rate]: value } })
          )
        )}
      </fieldset>
      {problem === null ? null : (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {saved ? (
        <p className="notice notice--success" role="status">
          Comptes enregistrés&#8239;: le prochain export FEC les utilise.
        </p>
      ) : null}
      <button type="submit" className="button button--ghost" disabled={pending}>
        {pending ? 'Enregistrement…' : 'Enregistrer les comptes'}
      </button>
    </form>
  )
}
