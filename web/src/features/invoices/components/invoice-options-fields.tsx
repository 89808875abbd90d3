// The two choices the API offers beside the amounts of a situation or a final invoice: the
// retenue de garantie (building trade, 5 % at most, off by default) and the reverse charge
// (construction sub-contracting, business client only). One state hook, used by the invoicing
// forms and by the draft's edit, so both send the same request fields.
import { useId, useState } from 'react'
import type { InvoiceRequest } from '@paraphe/shared/api/invoice-schemas'
import { MAX_RETENTION_BP } from '@paraphe/shared/api/invoice-schemas'
import { formatVatRate } from '@paraphe/shared/money'
import { formatPercentInput, parsePercentToBp } from '@/lib/percent'

/**
 * Where the reverse charge can be chosen: `choice` (a business client, the quote's first invoice
 * or an invoice without a quote), `inherited` (the quote's first invoice chose, the gateway keeps
 * it), `none` (a private client, or a company under the 293 B franchise).
 */
export type ReverseChargeOffer = 'choice' | 'inherited' | 'none'

export interface InvoiceOptionsSetup {
  /** A situation or a final invoice: the retenue de garantie applies. */
  retention: boolean
  reverseCharge: ReverseChargeOffer
  /** The draft's choices when it is edited. */
  initial?: Pick<InvoiceRequest, 'retentionBp' | 'reverseCharge'>
}

type OptionsRequest = Pick<InvoiceRequest, 'retentionBp' | 'reverseCharge'>

export function useInvoiceOptions(setup: InvoiceOptionsSetup) {
  const initialRetention = setup.initial?.retentionBp ?? 0
  const [withRetention, setWithRetention] = useState(initialRetention > 0)
  const [retention, setRetention] = useState(formatPercentInput(initialRetention > 0 ? initialRetention : MAX_RETENTION_BP))
  const [reverseCharge, setReverseCharge] = useState(setup.initial?.reverseCharge === true)
  const [error, setError] = useState<string | null>(null)
  /** The request's fields, or null after saying what is wrong. */
  const read = (): OptionsRequest | null => {
    const options: OptionsRequest = {}
    if (setup.retention) {
      if (withRetention) {
        const parsed = parsePercentToBp(retention)
        const problem = !parsed.ok
          ? parsed.message
          : parsed.value === 0
            ? 'Indiquez le taux de la retenue, ou décochez-la.'
            : parsed.value > MAX_RETENTION_BP
              ? `La retenue de garantie est de ${formatVatRate(MAX_RETENTION_BP)} au plus.`
              : null
        setError(problem)
        if (problem !== null || !parsed.ok) return null
        options.retentionBp = parsed.value
      } else {
        setError(null)
        options.retentionBp = 0
      }
    }
    if (setup.reverseCharge === 'choice') options.reverseCharge = reverseCharge
    return options
  }
  const fields = (
    <InvoiceOptionsFields
      setup={setup}
      withRetention={withRetention}
      onWithRetention={setWithRetention}
      retention={retention}
      onRetention={setRetention}
      reverseCharge={reverseCharge}
      onReverseCharge={setReverseCharge}
      error={error}
    />
  )
  return { fields, read }
}

interface FieldsProps {
  setup: InvoiceOptionsSetup
  withRetention: boolean
  onWithRetention: (on: boolean) => void
  retention: string
  onRetention: (text: string) => void
  reverseCharge: boolean
  onReverseCharge: (on: boolean) => void
  error: string | null
}

function InvoiceOptionsFields({
  setup,
  withRetention,
  onWithRetention,
  retention,
  onRetention,
  reverseCharge,
  onReverseCharge,
  error
}: FieldsProps) {
  const id = useId()
  if (!setup.retention && setup.reverseCharge === 'none') return null
  return (
    <fieldset className="invoice-options">
      <legend>Options de la facture</legend>
      {setup.retention ? (
        <>
          <label className="choice">
            <input
              type="checkbox"
              checked={withRetention}
              onChange={(event) => onWithRetention(event.target.checked)}
              aria-describedby={`${id}-retention-hint`}
            />{' '}
            Retenue de garantie
          </label>
          <p className="field__hint" id={`${id}-retention-hint`}>
            Votre client garde une part du montant (5&#8239;% au plus) et vous la verse un an après la réception des travaux, si aucune
            réserve ne reste à lever.
          </p>
          {withRetention ? (
            <div className={error === null ? 'field' : 'field field--invalid'}>
              <label htmlFor={`${id}-retention`}>Taux de la retenue (%)</label>
              <input
                id={`${id}-retention`}
                inputMode="decimal"
                value={retention}
                onChange={(event) => onRetention(event.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error === null ? undefined : `${id}-retention-error`}
              />
              {error === null ? null : (
                <p className="field__error" id={`${id}-retention-error`}>
                  {error}
                </p>
              )}
            </div>
          ) : null}
        </>
      ) : null}
      {setup.reverseCharge === 'choice' ? (
        <>
          <label className="choice">
            <input
              type="checkbox"
              checked={reverseCharge}
              onChange={(event) => onReverseCharge(event.target.checked)}
              aria-describedby={`${id}-reverse-hint`}
            />{' '}
            Autoliquidation (sous-traitance du bâtiment)
          </label>
          <p className="field__hint" id={`${id}-reverse-hint`}>
            La facture est établie hors taxes, sans TVA&#8239;: votre client, l’entreprise principale, déclare et paie la TVA lui-même
            (article 283-2 nonies du CGI).
          </p>
        </>
      ) : null}
      {setup.reverseCharge === 'inherited' ? (
        <p className="field__hint">Le régime de TVA (avec TVA ou en autoliquidation) reste celui de la première facture de ce devis.</p>
      ) : null}
    </fieldset>
  )
}
