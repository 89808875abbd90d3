import { useId, useState, type FormEvent } from 'react'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { formatLongDate } from '@paraphe/shared/dates'
import { ConfirmAction } from '@/components/ui/confirm-action'
import { asApiError } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { useWorkspace } from '@/hooks/use-workspace'

/** The last e-mail that carried a link to the client's page (« Envoyer la facture » or a reminder). */
function lastSending(invoice: Invoice): { to: string; on: string } | null {
  const event = invoice.events.filter((entry) => entry.type === 'sent' || entry.type === 'reminded').at(-1)
  if (event === undefined) return null
  return { to: typeof event.data.to === 'string' ? event.data.to : '', on: event.occurredAt.slice(0, 10) }
}

/**
 * « Envoyer la facture » (the PDF and a link to the client's page, to the client's address or
 * another) and « Désactiver les liens envoyés » (a link forwarded by mistake): the client's page
 * then says the link was disabled; sending again makes a new one.
 */
export function ClientLinkPanel({ invoice, onChanged }: { invoice: Invoice; onChanged: (invoice: Invoice) => void }) {
  const { api } = useWorkspace()
  const id = useId()
  const [to, setTo] = useState(invoice.document?.buyer.email ?? '')
  const [pending, setPending] = useState<'send' | 'remind' | 'revoke' | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const sending = lastSending(invoice)
  // A credit note asks nothing of the client: it is sent to be read and filed, never « réglé ».
  const credit = invoice.kind === 'credit_note'
  const sendLabel = credit ? 'Envoyer l’avoir' : 'Envoyer la facture'
  const fail = (error: unknown) => {
    setPending(null)
    setProblem(asApiError(error).message)
  }
  const send = (event: FormEvent) => {
    event.preventDefault()
    setPending('send')
    setProblem(null)
    setDone(null)
    invoicesApi.send(api, invoice.id, to.trim() === '' ? undefined : to.trim()).then((sent) => {
      setPending(null)
      setDone(
        credit
          ? `Avoir envoyé à ${sent.sentTo}, avec un lien pour le consulter.`
          : `Facture envoyée à ${sent.sentTo}, avec un lien pour la consulter et la régler.`
      )
      onChanged(sent.invoice)
    }, fail)
  }
  // A reminder only for what the client still owes on an invoice already sent to them.
  const remindable = sending !== null && !credit && invoice.remainingCents > 0
  const remind = () => {
    setPending('remind')
    setProblem(null)
    setDone(null)
    invoicesApi.remind(api, invoice.id).then((sent) => {
      setPending(null)
      setDone(`Relance envoyée à ${sent.sentTo}, avec le montant restant dû et un nouveau lien pour régler.`)
      onChanged(sent.invoice)
    }, fail)
  }
  const revoke = () => {
    setPending('revoke')
    setProblem(null)
    setDone(null)
    invoicesApi.revokeLinks(api, invoice.id).then((count) => {
      setPending(null)
      setDone(
        count === 0
          ? 'Aucun lien actif : ils étaient déjà désactivés.'
          : `Lien désactivé : votre client voit désormais une page qui le lui dit. « ${sendLabel} » lui enverra un nouveau lien.`
      )
    }, fail)
  }
  return (
    <section className="invoice-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Envoi au client</h2>
      <p>
        {sending === null
          ? credit
            ? 'Pas encore envoyé par Paraphe. Le client reçoit le PDF et un lien pour consulter l’avoir, sans compte.'
            : 'Pas encore envoyée par Paraphe. Le client reçoit le PDF et un lien pour consulter la facture et la régler par virement, sans compte.'
          : `Dernier envoi le ${formatLongDate(sending.on)}${sending.to === '' ? '' : ` à ${sending.to}`}.`}
      </p>
      <form className="invoice-send" onSubmit={send} noValidate>
        <div className="field">
          <label htmlFor={`${id}-to`}>Adresse e-mail du destinataire</label>
          <input id={`${id}-to`} type="email" autoComplete="off" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
        <div className="invoice-actions">
          <button type="submit" className="button button--primary" disabled={pending !== null}>
            {pending === 'send' ? 'Envoi…' : sendLabel}
          </button>
          {remindable ? (
            <button type="button" className="button button--ghost" onClick={remind} disabled={pending !== null}>
              {pending === 'remind' ? 'Relance…' : 'Relancer le client'}
            </button>
          ) : null}
          {sending === null ? null : (
            <ConfirmAction
              label="Désactiver les liens envoyés"
              question={`Désactiver les liens déjà envoyés pour ${credit ? 'cet avoir' : 'cette facture'} ? Votre client ne pourra plus l’ouvrir par ces liens ; un nouvel envoi lui en donnera un autre.`}
              confirmLabel="Oui, désactiver"
              onConfirm={revoke}
              pending={pending === 'revoke'}
              pendingLabel="Désactivation…"
              disabled={pending !== null}
              tone="danger"
            />
          )}
        </div>
      </form>
      {done === null ? null : (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
      {problem === null ? null : (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
