import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'

/** The legal pages, reachable from every page (the site's footer and the workspace's). */
export function LegalLinks() {
  return (
    <nav aria-label="Informations légales">
      <ul className="site-footer__links">
        <li>
          <Link to={paths.privacy.href()}>Confidentialité</Link>
        </li>
        <li>
          <Link to={paths.legalNotice.href()}>Mentions légales</Link>
        </li>
        <li>
          <Link to={paths.terms.href()}>Conditions d’utilisation</Link>
        </li>
        <li>
          <Link to={paths.verification.href()}>Vérifier un devis signé</Link>
        </li>
        <li>
          <Link to={paths.contact.href()}>Contact</Link>
        </li>
      </ul>
    </nav>
  )
}
