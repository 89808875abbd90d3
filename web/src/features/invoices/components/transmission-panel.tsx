// « Transmission » on an issued invoice's page: which way it left (the company's plateforme agréée,
// Chorus Pro, or e-mail) and why, « en attente de transmission » with the next try, and the statuses
// the platform sent back, in French; for services whose VAT is due on receipt, each payment reported
// to the platform (212 « Encaissée ») or waiting to be; after a refusal or a rejection, what to do
// (refusal-notice.tsx).
import { Link } from 'react-router-dom'
import type { InvoiceTransmission, PaymentReport } from '@paraphe/shared/api/transmission-schemas'
import { needsCorrection } from '@paraphe/shared/invoices/lifecycle-statuses'
import { formatEuros } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import { useInvoiceTransmission } from '../api/get-invoice-transmission'
import { RefusalNotice } from './refusal-notice'

const dateTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' })

function reportText(report: PaymentReport): string {
  const amount = formatEuros(report.amountCents)
  if (report.state === 'sent') {
    const refused =
      report.acknowledgement?.status === 'Error' ? ` — refusé par la plateforme : ${report.acknowledgement.reason ?? 'sans motif'}` : ''
    return `Encaissée — ${amount} déclarés le ${dateTime(report.reportedAt ?? report.paidOn)}${refused}`
  }
  if (report.state === 'failed') return `Encaissement de ${amount} non déclaré : ${report.lastError ?? 'raison inconnue'}`
  const next = report.nextAttemptAt === null ? '' : ` : prochain essai le ${dateTime(report.nextAttemptAt)}`
  const error = report.lastError === null ? '' : `. Dernière erreur : ${report.lastError}`
  return `Encaissement de ${amount} à déclarer, en attente${next}${error}`
}

function Way({ transmission, credit }: { transmission: InvoiceTransmission; credit: boolean }) {
  // A credit note travels the same ways, and says so in its own words (nothing to pay).
  const what = credit ? 'l’avoir' : 'la facture'
  const send = credit ? 'Envoyer l’avoir' : 'Envoyer la facture'
  if (transmission.state === 'pending')
    return (
      <p>
        En attente de transmission
        {transmission.nextAttemptAt === null ? '' : ` : prochain essai le ${dateTime(transmission.nextAttemptAt)}`}.
        {transmission.lastError === null ? null : ` Dernière erreur : ${transmission.lastError}`}
      </p>
    )
  if (transmission.state === 'failed') return <p>Transmission abandonnée : {transmission.lastError ?? 'raison inconnue'}</p>
  if (transmission.channel === 'platform')
    return <p>Déposée sur votre plateforme agréée{transmission.sentAt === null ? '' : ` le ${dateTime(transmission.sentAt)}`}.</p>
  if (transmission.channel === 'chorus_pro') return <p>Déposée sur Chorus Pro.</p>
  if (transmission.emailReason === 'not_in_directory')
    return (
      <p>
        Ce client n’est pas (encore) inscrit dans l’annuaire des plateformes agréées&#8239;: envoyez-lui {what} par e-mail en attendant
        («&#8239;{send}&#8239;»).
      </p>
    )
  if (transmission.emailReason === 'chorus_pro_not_configured')
    return (
      <p>
        Chorus Pro non configuré&#8239;: ce client est un acheteur public, qui reçoit ses factures par Chorus Pro. En attendant, {what}{' '}
        s’envoie par e-mail («&#8239;{send}&#8239;»). Renseignez votre compte technique Chorus Pro dans{' '}
        <Link to={paths.platform.href()}>Ma plateforme agréée</Link>.
      </p>
    )
  if (transmission.emailReason === 'no_platform')
    return (
      <p>
        Aucune plateforme agréée n’est configurée&#8239;: {what} s’envoie par e-mail («&#8239;{send}&#8239;»). Connectez la vôtre dans{' '}
        <Link to={paths.platform.href()}>Ma plateforme agréée</Link>.
      </p>
    )
  return (
    <p>
      Client particulier ou étranger&#8239;: {what} s’envoie par e-mail («&#8239;{send}&#8239;»), hors facturation électronique.
    </p>
  )
}

/** `creditable`: something of the invoice is left to cancel (the refusal's action is offered only then). */
export function TransmissionPanel({
  invoiceId,
  credit = false,
  creditable = true
}: {
  invoiceId: string
  credit?: boolean
  creditable?: boolean
}) {
  // The invoice's own read (the page shares it): « Actualiser les statuts » reads it again.
  const query = useInvoiceTransmission(invoiceId)
  const transmission = query.data ?? null
  const failed = query.isError
  if (transmission === null && !failed) return null
  // The last status decides: a refusal followed by another status (a new deposit) asks nothing more.
  const last = transmission?.statuses.at(-1) ?? null
  const refused = last !== null && needsCorrection(last.code) ? last : null
  const rejected = transmission?.acknowledgement?.status === 'Error'
  return (
    <section className="invoice-panel" aria-labelledby="transmission-title">
      <h2 id="transmission-title">Transmission</h2>
      {failed ? <p role="alert">La transmission n’a pas pu être lue.</p> : null}
      {transmission === null ? null : (
        <>
          <Way transmission={transmission} credit={credit} />
          {rejected ? <p>Fichier rejeté par la plateforme : {transmission.acknowledgement?.reason ?? 'sans motif'}</p> : null}
          {transmission.statuses.length === 0 ? null : (
            <ol className="transmission-statuses" aria-label="Statuts de la facture">
              {transmission.statuses.map((status) => (
                <li key={`${status.code}-${status.occurredAt}`}>
                  <strong>{status.label}</strong> — {dateTime(status.occurredAt)}
                </li>
              ))}
            </ol>
          )}
          {transmission.paymentReports.length === 0 ? null : (
            <ul className="transmission-statuses" aria-label="Encaissements déclarés">
              {transmission.paymentReports.map((report) => (
                <li key={report.paymentId}>{reportText(report)}</li>
              ))}
            </ul>
          )}
          {refused === null ? null : creditable ? (
            <RefusalNotice invoiceId={invoiceId} status={refused} />
          ) : (
            <p>Cette facture refusée ou rejetée est annulée par avoir&#8239;: la nouvelle facture est dans la liste des factures.</p>
          )}
        </>
      )}
      <button type="button" className="button" onClick={() => void query.refetch()}>
        Actualiser les statuts
      </button>
    </section>
  )
}
