// « Transmission » on an issued invoice's page: which way it left (the company's plateforme agréée,
// Chorus Pro, or e-mail) and why, « en attente de transmission » with the next try, and the statuses
// the platform sent back, in French.
import { Link } from 'react-router-dom'
import type { InvoiceTransmission } from '@paraphe/shared/api/transmission-schemas'
import { needsCorrection } from '@paraphe/shared/invoices/lifecycle-statuses'
import { paths } from '@paraphe/shared/paths'
import { useInvoiceTransmission } from '../api/get-invoice-transmission'

const dateTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' })

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

export function TransmissionPanel({ invoiceId, credit = false }: { invoiceId: string; credit?: boolean }) {
  // The invoice's own read (the page shares it): « Actualiser les statuts » reads it again.
  const query = useInvoiceTransmission(invoiceId)
  const transmission = query.data ?? null
  const failed = query.isError
  if (transmission === null && !failed) return null
  const refused = transmission?.statuses.find((status) => needsCorrection(status.code)) ?? null
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
          {refused === null ? null : (
            <p>Une facture refusée ou rejetée ne se modifie pas&#8239;: corrigez-la par un avoir, puis émettez une nouvelle facture.</p>
          )}
        </>
      )}
      <button type="button" className="button" onClick={() => void query.refetch()}>
        Actualiser les statuts
      </button>
    </section>
  )
}
