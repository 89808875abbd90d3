import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { BrandMark } from './brand-mark'
import { LegalLinks } from './legal-links'

export interface AppLayoutProps {
  /** The application's own navigation (a bottom bar on phones). */
  nav: ReactNode
  /** The primary action, always in reach (the header stays at the top of the screen). */
  action: ReactNode
  /** Who is signed in, and the one « Se déconnecter ». */
  account: ReactNode
  children: ReactNode
}

/**
 * The frame of the professional's workspace: an application header (no marketing menu), the page,
 * and the legal links. The site's pages keep SiteLayout.
 */
export function AppLayout({ nav, action, account, children }: AppLayoutProps) {
  const { siteName } = useRuntimeConfig()
  return (
    <div className="app">
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Link className="site-header__logo app-header__logo" to={paths.account.href()} aria-label={`${siteName}, mes devis`}>
            <BrandMark />
            <span>{siteName}</span>
          </Link>
          {nav}
          <div className="app-header__action">{action}</div>
          <div className="app-header__account">{account}</div>
        </div>
      </header>
      <main id="contenu" className="page page--app" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer app-footer">
        <div className="site-footer__inner">
          <LegalLinks />
        </div>
      </footer>
    </div>
  )
}
