// A saved client's page, once loaded: their details, « Nouveau devis pour ce client », and the
// quotes made out to them (status, number, TTC, date, each a link to the quote). Pure view.
import { Link } from 'react-router-dom'
import { formatLongDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import { formatSiret } from '@paraphe/shared/company'
import { savedClientName } from '@paraphe/shared/saved-clients'
import { StatusBadge } from '@/components/ui/status-badge'
import type { SavedClientPage } from '@/lib/clients-api'

export function ClientSheet({ page }: { page: SavedClientPage }) {
  const { client, quotes } = page
  const details: Array<[string, string]> = [
    ['Type', client.kind === 'business' ? 'Professionnel' : 'Particulier'],
    ['Contact', client.kind === 'business' ? client.name : ''],
    ['E-mail', client.email],
    ['Téléphone', client.phone],
    ['Adresse de facturation', client.address],
    ['Adresse du chantier', client.siteAddress],
    ['SIRET', client.siret === '' ? '' : formatSiret(client.siret)],
    ['Notes', client.notes]
  ]
  return (
    <article className="client-page">
      <header className="page-intro workspace-intro">
        <p>
          <Link to={paths.clients.href()}>← Tous les clients</Link>
        </p>
        <h1>{savedClientName(client)}</h1>
        <p className="actions">
          <Link className="button button--primary" to={paths.quoteNew.href(client.id)}>
            Nouveau devis pour ce client
          </Link>
        </p>
      </header>
      <section className="card" aria-labelledby="client-details">
        <h2 id="client-details">Coordonnées</h2>
        <dl className="client-details">
          {details
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <div key={label} className="client-details__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="client-quotes">
        <h2 id="client-quotes">Devis de ce client</h2>
        {quotes.length === 0 ? (
          <p>Aucun devis pour l’instant : choisissez ce client dans un devis, ou créez-en un avec « Nouveau devis pour ce client ».</p>
        ) : (
          <div className="table-scroll">
            <table className="client-quotes">
              <thead>
                <tr>
                  <th scope="col">Devis</th>
                  <th scope="col">Statut</th>
                  <th scope="col">Date</th>
                  <th scope="col" className="client-quotes__amount">
                    Total <abbr title="toutes taxes comprises">TTC</abbr>
                  </th>
                </tr>
              </thead>
              <tbody>
                {quotes.map((quote) => (
                  <tr key={quote.id}>
                    <td>
                      <Link to={paths.quote.href(quote.id)}>
                        {quote.number ?? 'Brouillon'}
                        {quote.title.trim() === '' ? '' : ` — ${quote.title}`}
                      </Link>
                    </td>
                    <td>
                      <StatusBadge status={quote.status} />
                    </td>
                    <td>{formatLongDate(quote.issueDate)}</td>
                    <td className="client-quotes__amount">{formatEuros(quote.totalTtcCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  )
}
