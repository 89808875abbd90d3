// « Envoyer le devis » asks in a modal dialog, not inside the side panel: the panel is as narrow
// as the totals, and the question with the client's address and the amounts was cut there at
// every desktop width (issue 26). The dialog is sized on the viewport, so nothing in it is clipped
// from 360 px to 1 920 px, and it names what is committed: to whom, where, for how much.
import { useEffect, useRef, useState } from 'react'
import { formatEuros } from '@paraphe/shared/money'

export interface SendSummary {
  /** The client as the quote names them (company or person). */
  clientName: string
  clientEmail: string
  clientAddress: string
  /** Null while an amount cannot be read yet. */
  totalHtCents: number | null
  totalTtcCents: number | null
}

export interface SendConfirmationProps {
  summary: SendSummary
  onConfirm: () => void
  pending: boolean
  disabled: boolean
  /** The asking button's id (« Envoyer » of the phone bar reaches it). */
  id: string
}

export function SendConfirmation({ summary, onConfirm, pending, disabled, id }: SendConfirmationProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [asking, setAsking] = useState(false)
  // showModal() traps the focus in the dialog and puts the rest of the page out of reach; the
  // browser gives the focus back to the button when it closes.
  useEffect(() => {
    const element = dialog.current
    if (element === null) return
    if (asking && !element.open) element.showModal()
    if (!asking && element.open) element.close()
  }, [asking])

  const email = summary.clientEmail.trim()
  const name = summary.clientName.trim()
  const address = summary.clientAddress.trim()
  return (
    <>
      <button
        id={id}
        type="button"
        className="button button--primary"
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
        disabled={disabled || pending}
      >
        {pending ? 'Envoi…' : 'Envoyer le devis'}
      </button>
      <dialog ref={dialog} className="send-dialog" aria-labelledby="send-dialog-title" onClose={() => setAsking(false)}>
        <h2 id="send-dialog-title">Envoyer ce devis&#8239;?</h2>
        <dl className="send-dialog__summary">
          <div>
            <dt>Destinataire</dt>
            <dd>
              {name === '' ? null : (
                <>
                  {name}
                  <br />
                </>
              )}
              <strong>{email === '' ? 'votre client' : email}</strong>
            </dd>
          </div>
          {address === '' ? null : (
            <div>
              <dt>Adresse</dt>
              <dd className="send-dialog__address">{address}</dd>
            </div>
          )}
          {summary.totalTtcCents === null ? null : (
            <div>
              <dt>Montant</dt>
              <dd>
                <strong>{formatEuros(summary.totalTtcCents)} TTC</strong>
                {summary.totalHtCents === null ? null : <> ({formatEuros(summary.totalHtCents)} HT)</>}
              </dd>
            </div>
          )}
        </dl>
        <p>
          Votre client reçoit un lien pour le signer en ligne. Une fois envoyé, le devis ne peut plus être modifié («&#8239;Modifier&#8239;»
          en crée une nouvelle version).
        </p>
        <div className="send-dialog__answers">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setAsking(false)
              onConfirm()
            }}
          >
            Confirmer l’envoi
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
            Annuler
          </button>
        </div>
      </dialog>
    </>
  )
}
