import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react'
import { formatFrenchNumber } from '@paraphe/shared/french-number'
import { FormAlert } from '@/components/form/form-alert'
import type { ApiClient } from '@/lib/api-client'
import { declineQuote } from '../lib/signing-actions'

/** The gateway's limit on the reason. */
export const DECLINE_REASON_MAX = 500

export interface DeclineFormViewProps {
  companyName: string
  open: boolean
  reason: string
  pending: boolean
  failure: string | null
  reasonRef?: Ref<HTMLTextAreaElement>
  onOpen: () => void
  onCancel: () => void
  onChange: (reason: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}

/** « Refuser le devis »: a button, then the reason (≤ 500 characters, counted) and a confirmation. */
export function DeclineFormView({
  companyName,
  open,
  reason,
  pending,
  failure,
  reasonRef,
  onOpen,
  onCancel,
  onChange,
  onSubmit
}: DeclineFormViewProps) {
  return (
    <section className="signing-decline card" aria-labelledby="signing-decline-title">
      <h2 id="signing-decline-title">Vous ne souhaitez pas signer&#8239;?</h2>
      <p>Vous pouvez refuser ce devis&#8239;: {companyName} en sera informé, avec la raison que vous indiquez.</p>
      {open ? (
        <form id="signing-decline-form" className="form" method="post" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="decline-reason">
              Raison du refus <span className="field__optional">(facultatif)</span>
            </label>
            <p className="field__hint" id="decline-reason-hint">
              Transmise à {companyName}, {formatFrenchNumber(DECLINE_REASON_MAX)}&#8239;caractères au plus.
            </p>
            <textarea
              ref={reasonRef}
              id="decline-reason"
              name="reason"
              rows={4}
              maxLength={DECLINE_REASON_MAX}
              value={reason}
              onChange={(event) => onChange(event.target.value.slice(0, DECLINE_REASON_MAX))}
              aria-describedby="decline-reason-hint decline-reason-count"
            />
            <p className="signing-decline__count" id="decline-reason-count">
              {formatFrenchNumber(reason.length)}&#8239;/&#8239;{formatFrenchNumber(DECLINE_REASON_MAX)} caractères
            </p>
          </div>
          {failure === null ? null : <FormAlert>{failure}</FormAlert>}
          <div className="signing-decline__actions">
            <button type="submit" className="button button--primary" disabled={pending}>
              {pending ? 'Envoi du refus…' : 'Confirmer le refus'}
            </button>
            <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending}>
              Annuler
            </button>
          </div>
        </form>
      ) : (
        <p>
          <button type="button" className="button button--ghost" onClick={onOpen}>
            Refuser le devis
          </button>
        </p>
      )}
    </section>
  )
}

export interface DeclineFormProps {
  api: ApiClient
  token: string
  companyName: string
  /** The link changed state (declined now, or no longer open). */
  onClosed: (declinedNow: boolean) => void
}

export function DeclineForm({ api, token, companyName, onClosed }: DeclineFormProps) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const reasonRef = useRef<HTMLTextAreaElement | null>(null)

  useEffect(() => {
    if (open) reasonRef.current?.focus()
  }, [open])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setPending(true)
    setFailure(null)
    const outcome = await declineQuote(api, token, reason)
    if (outcome.kind === 'failed') {
      setPending(false)
      setFailure(outcome.message)
    } else onClosed(outcome.kind === 'declined')
  }

  return (
    <DeclineFormView
      companyName={companyName}
      open={open}
      reason={reason}
      pending={pending}
      failure={failure}
      reasonRef={reasonRef}
      onOpen={() => setOpen(true)}
      onCancel={() => {
        setOpen(false)
        setFailure(null)
      }}
      onChange={setReason}
      onSubmit={(event) => void submit(event)}
    />
  )
}
