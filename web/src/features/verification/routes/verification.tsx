import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { VerificationForm } from '../components/verification-form'

export const handle: RouteHandle = {
  title: 'Vérifier un devis signé',
  description:
    'Déposez un PDF pour vérifier qu’il s’agit d’un devis signé et scellé par ce service, sans aucune modification\u202f: numéro, signataire et date.'
}

export function Component() {
  const { siteName } = useRuntimeConfig()
  return (
    <article className="verification">
      <header className="page-intro">
        <h1>Vérifier un devis signé</h1>
        <p className="lead">
          Vous avez un devis signé avec {siteName}&#8239;? Déposez son PDF&#8239;: nous vous disons s’il est bien celui qui a été scellé
          lors de la signature, sans la moindre modification.
        </p>
      </header>

      <VerificationForm />

      <section className="section verification-about" aria-labelledby="verification-about">
        <h2 id="verification-about">Ce que la vérification vous apprend</h2>
        <ul>
          <li>
            Un document reconnu est identique, octet par octet, au PDF scellé par {siteName} au moment de la signature. Seuls son numéro, le
            nom du signataire et la date de signature sont affichés.
          </li>
          <li>
            Un document non reconnu n’a pas été signé avec {siteName}, ou il a été modifié depuis&#8239;: toute modification change le
            fichier, même le réenregistrer ou l’imprimer en PDF.
          </li>
          <li>
            Le PDF signé porte aussi un sceau électronique que les lecteurs PDF savent contrôler (panneau des signatures). Son certificat
            peut y apparaître comme «&#8239;signataire inconnu&#8239;»&#8239;: le dossier de preuve, à la fin du PDF, explique pourquoi.
          </li>
        </ul>
        <p>
          Pour signer un devis reçu, suivez le lien de l’e-mail&#8239;; voir{' '}
          <Link to={paths.signQuote.href()}>comment se passe la signature</Link>.
        </p>
      </section>
    </article>
  )
}
