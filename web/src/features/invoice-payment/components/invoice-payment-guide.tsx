import { useRuntimeConfig } from '@/lib/runtime-config'

/** The page without a token: what the invoice link is, and what to do when it is broken. */
export function InvoicePaymentGuide() {
  const { siteName } = useRuntimeConfig()
  return (
    <article className="invoice-payment">
      <header className="page-intro">
        <h1>Consulter et régler une facture</h1>
        <p className="lead">
          Un professionnel vous a adressé une facture avec {siteName}. Le lien personnel reçu par e-mail ouvre la facture, sans
          compte&#8239;: son montant, son échéance, le PDF et les coordonnées pour la régler par virement.
        </p>
      </header>
      <section aria-labelledby="invoice-guide-link">
        <h2 id="invoice-guide-link">Le lien ne fonctionne pas&#8239;?</h2>
        <ul>
          <li>
            Ouvrez-le en cliquant sur le bouton de l’e-mail plutôt qu’en copiant l’adresse&#8239;: certaines messageries coupent les liens
            longs.
          </li>
          <li>La facture est aussi jointe à l’e-mail, en PDF.</li>
          <li>Sinon, répondez à l’e-mail reçu&#8239;: votre réponse parvient au professionnel, qui peut vous renvoyer la facture.</li>
        </ul>
      </section>
    </article>
  )
}
