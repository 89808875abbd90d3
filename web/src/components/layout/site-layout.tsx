import { Link, NavLink, Outlet } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useDocumentHead } from '@/lib/document-head'
import { useRuntimeConfig } from '@/lib/runtime-config'

export function SiteLayout() {
  const { siteName } = useRuntimeConfig()
  useDocumentHead()
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <header className="site-header">
        <Link className="site-header__logo" to={paths.home.href()}>
          {siteName}
        </Link>
        <nav aria-label="Navigation principale">
          <ul className="site-nav">
            <li><NavLink to={paths.features.href()}>Fonctionnalités</NavLink></li>
            <li><NavLink to={paths.pricing.href()}>Tarifs</NavLink></li>
            <li><NavLink to={paths.contact.href()}>Contact</NavLink></li>
            <li><NavLink className="site-nav__login" to={paths.login.href()}>Connexion</NavLink></li>
          </ul>
        </nav>
      </header>
      <main id="contenu" className="page">
        <Outlet />
      </main>
      <footer className="site-footer">
        <nav aria-label="Informations légales">
          <ul>
            <li><Link to={paths.privacy.href()}>Confidentialité</Link></li>
            <li><Link to={paths.legalNotice.href()}>Mentions légales</Link></li>
            <li><Link to={paths.contact.href()}>Contact</Link></li>
          </ul>
        </nav>
        <p>© {siteName}</p>
      </footer>
    </>
  )
}
