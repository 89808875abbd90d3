// On an invoice whose last status from the plateforme agréée is a refusal (210) or a rejection
// (213): the reason, and the one thing to do — an issued invoice never changes, so it is cancelled
// by a credit note and made again. One press issues the credit note for what is left and makes the
// new draft (one transaction on the gateway), then opens that draft.
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { LifecycleStatus } from '@paraphe/shared/api/transmission-schemas'
import { paths } from '@paraphe/shared/paths'
import { asApiError } from '@/lib/api-client'
import { useWorkspace } from '@/hooks/use-workspace'
import { invoicingApi } from '../api/invoicing-api'

export function RefusalNotice({ invoiceId, status }: { invoiceId: string; status: LifecycleStatus }) {
  const { api } = useWorkspace()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const refused = status.code === 210
  const redo = () => {
    setPending(true)
    setError(null)
    invoicingApi.creditAndRedo(api, invoiceId).then(
      (answer) => void navigate(paths.invoice.href(answer.draft.id)),
      (failure: unknown) => {
        setPending(false)
        setError(asApiError(failure).message)
      }
    )
  }
  return (
    <div className="notice notice--warning refusal-notice" role="region" aria-label={refused ? 'Facture refusée' : 'Facture rejetée'}>
      <p>
        <strong>{refused ? 'Facture refusée par le client' : 'Facture rejetée par la plateforme'}</strong>
        {status.reason === null || status.reason === '' ? '' : <>&#8239;: {status.reason}</>}
      </p>
      <p>
        Une facture émise ne se modifie pas&#8239;: annulez-la par un avoir (ce qui en reste dû) et refaites-la. La nouvelle facture s’ouvre
        en brouillon, avec le même client et les mêmes lignes, à corriger avant de l’émettre.
      </p>
      {error === null ? null : (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button--primary" disabled={pending} onClick={redo}>
        {pending ? 'Avoir et nouvelle facture en préparation…' : 'Annuler par un avoir et refaire la facture'}
      </button>
    </div>
  )
}
