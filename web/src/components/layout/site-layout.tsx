import type { ReactNode } from 'react'
import { Link, NavLink, Outlet } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useRuntimeConfig } from '@/lib/runtime-config'

/**
 * Header, main and footer around every page. `account`: the header's last entries (list items):
 * « Connexion », or « Mon espace » and « Se déconnecter » (the app passes the auth feature's).
 */
export function SiteLayout({ account }: { account: ReactNode }) {
  const { siteName } = useRuntimeConfig()
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link className="site-header__logo" to={paths.home.href()}>
            <svg className="site-header__mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6 2h9l5 5v15H6z" fill="currentColor" opacity=".18" />
              <path
                d="M6 2h9l5 5v15H6zM15 2v5h5M9 17c1.5-3 2.5-3 3-1s1.5 2 3-1"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{siteName}</span>
          </Link>
          <nav aria-label="Navigation principale">
            <ul className="site-nav">
              <li><NavLink to={paths.features.href()}>Fonctionnalités</NavLink></li>
              <li><NavLink to={paths.pricing.href()}>Tarifs</NavLink></li>
              <li><NavLink to={paths.contact.href()}>Contact</NavLink></li>
              {account}
            </ul>
          </nav>
        </div>
      </header>
      <main id="contenu" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <p className="site-footer__about">
            {siteName}&#8239;: devis signés en ligne, avec dossier de preuve, pour les artisans, indépendants et TPE.
          </p>
          <nav aria-label="Informations légales">
            <ul className="site-footer__links">
              <li><Link to={paths.privacy.href()}>Confidentialité</Link></li>
              <li><Link to={paths.legalNotice.href()}>Mentions légales</Link></li>
              <li><Link to={paths.terms.href()}>Conditions d’utilisation</Link></li>
              <li><Link to={paths.verification.href()}>Vérifier un devis signé</Link></li>
              <li><Link to={paths.contact.href()}>Contact</Link></li>
            </ul>
          </nav>
          <p className="site-footer__copy">© {siteName}</p>
        </div>
      </footer>
    </>
  )
}
