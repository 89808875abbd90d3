import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'

export const handle: RouteHandle = {
  title: 'Mentions légales',
  description: 'Éditeur du site, directeur de la publication, hébergeur et propriété intellectuelle.'
}

export function Component() {
  const { siteName, operator } = useRuntimeConfig()
  return (
    <article className="prose">
      <h1>Mentions légales</h1>
      <p className="lead">
        Informations prévues par la loi n°&nbsp;2004-575 du 21&nbsp;juin&nbsp;2004 pour la confiance dans l’économie numérique (LCEN) sur
        l’éditeur et l’hébergeur de ce site.
      </p>

      <section aria-labelledby="legal-publisher">
        <h2 id="legal-publisher">Éditeur du site</h2>
        <dl className="facts">
          <div>
            <dt>Raison sociale</dt>
            <dd>{operator.name}</dd>
          </div>
          <div>
            <dt>Forme juridique</dt>
            <dd>{operator.legalForm}</dd>
          </div>
          <div>
            <dt>Siège</dt>
            <dd>{operator.address}</dd>
          </div>
          <div>
            <dt>Immatriculation</dt>
            <dd>{operator.registration}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${operator.email}`}>{operator.email}</a>
            </dd>
          </div>
          <div>
            <dt>Téléphone</dt>
            <dd>
              <a href={`tel:${operator.phone}`}>{operator.phone}</a>
            </dd>
          </div>
          <div>
            <dt>Directeur de la publication</dt>
            <dd>{operator.publicationDirector}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="legal-host">
        <h2 id="legal-host">Hébergeur</h2>
        <dl className="facts">
          <div>
            <dt>Nom</dt>
            <dd>{operator.hostName}</dd>
          </div>
          <div>
            <dt>Adresse</dt>
            <dd>{operator.hostAddress}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="legal-ip">
        <h2 id="legal-ip">Propriété intellectuelle</h2>
        <p>
          Les textes, la présentation et les éléments graphiques du site {siteName} sont protégés par le droit d’auteur. Toute reproduction
          ou réutilisation sans autorisation de {operator.name} est interdite, sauf exceptions prévues par la loi (courte citation, copie
          privée). Les devis et les documents que vous créez avec le service restent les vôtres.
        </p>
      </section>

      <section aria-labelledby="legal-data">
        <h2 id="legal-data">Données personnelles</h2>
        <p>
          La manière dont nous traitons vos données et vos droits sont décrits dans la{' '}
          <Link to={paths.privacy.href()}>politique de confidentialité</Link>. Pour toute question, utilisez la{' '}
          <Link to={paths.contact.href()}>page Contact</Link>.
        </p>
      </section>
    </article>
  )
}
