import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'

export const handle: RouteHandle = {
  title: 'Confirmation de l’adresse e-mail',
  description: 'Confirmez l’adresse e-mail de votre compte avec le lien reçu après votre inscription.'
}

export function Component() {
  return (
    <article className="status-page">
      <h1>Confirmez votre adresse e-mail</h1>
      <p className="lead">
        Après votre inscription, vous recevez un e-mail avec un lien de confirmation. Ce lien ouvre cette page et
        active votre compte&#8239;; vous pouvez ensuite vous connecter.
      </p>
      <section aria-labelledby="confirm-no-link">
        <h2 id="confirm-no-link">Vous arrivez ici sans lien&#8239;?</h2>
        <ul>
          <li>Ouvrez l’e-mail de confirmation et cliquez sur son lien, sur l’appareil de votre choix.</li>
          <li>
            Vous ne le trouvez pas&#8239;? Regardez dans le dossier «&#8239;Courrier indésirable&#8239;» ou «&#8239;Spam&#8239;», et
            vérifiez l’adresse utilisée pour l’inscription.
          </li>
          <li>
            Le lien ne sert qu’une fois et pendant une durée limitée. S’il a déjà servi, votre adresse est sans
            doute confirmée&#8239;: essayez de vous connecter.
          </li>
        </ul>
      </section>
      <p className="actions">
        <Link className="button button--primary" to={paths.login.href()}>
          Se connecter
        </Link>
        <Link className="button button--ghost" to={paths.contact.href()}>
          Besoin d’aide&#8239;?
        </Link>
      </p>
    </article>
  )
}
