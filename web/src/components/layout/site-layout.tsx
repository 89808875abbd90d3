import type { ReactNode } from 'react'
import { Link, NavLink, Outlet } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { BrandMark } from './brand-mark'
import type { HeaderBrand } from './header-brand'
import { LegalLinks } from './legal-links'

export interface SiteLayoutProps {
  /** The header's last entries (list items): « Connexion », or « Mon espace » and « Se déconnecter ». */
  account: ReactNode
  /**
   * The signing pages' header, in the professional's name: `brand` (the company, once its quote is
   * read) instead of the site's navigation and account entries. One line, so its height never
   * changes when the name arrives.
   */
  signing?: { brand: HeaderBrand | null; /** The client's invoice page rather than a signing page. */ invoice?: boolean }
}

/** Header, main and footer around every page of the site. */
export function SiteLayout({ account, signing }: SiteLayoutProps) {
  const { siteName } = useRuntimeConfig()
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      {signing === undefined ? (
        <header className="site-header">
          <div className="site-header__inner">
            <Link className="site-header__logo" to={paths.home.href()}>
              <BrandMark />
              <span>{siteName}</span>
            </Link>
            <nav aria-label="Navigation principale">
              <ul className="site-nav">
                <li>
                  <NavLink to={paths.features.href()}>Fonctionnalités</NavLink>
                </li>
                <li>
                  <NavLink to={paths.pricing.href()}>Tarifs</NavLink>
                </li>
                <li>
                  <NavLink to={paths.contact.href()}>Contact</NavLink>
                </li>
                {account}
              </ul>
            </nav>
          </div>
        </header>
      ) : (
        <header className="site-header site-header--signing">
          <div className="site-header__inner">
            <p className="site-header__brand">
              {signing.brand?.logoUrl != null ? (
                // The name follows: the logo adds nothing a screen reader should read twice.
                <img className="site-header__company-logo" src={signing.brand.logoUrl} alt="" width={40} height={40} />
              ) : null}
              <span className="site-header__brand-name">{signing.brand?.name ?? siteName}</span>
            </p>
            <p className="site-header__secure">{signing.invoice === true ? 'Facture en ligne' : 'Signature électronique sécurisée'}</p>
          </div>
        </header>
      )}
      <main id="contenu" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          {signing === undefined ? (
            <p className="site-footer__about">
              {siteName}&#8239;: devis signés en ligne, avec dossier de preuve, pour les artisans, indépendants et TPE.
            </p>
          ) : null}
          <LegalLinks />
          <p className="site-footer__copy">
            {signing === undefined
              ? `© ${siteName}`
              : `${signing.invoice === true ? 'Service de facturation' : 'Service de signature'} ${siteName}`}
          </p>
        </div>
      </footer>
    </>
  )
}
