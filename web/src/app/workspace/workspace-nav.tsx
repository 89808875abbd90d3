import { Link, useLocation } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'

export type WorkspaceSection = 'quotes' | 'clients' | 'items' | 'profile' | 'team' | 'apiKeys' | 'webhooks' | 'subscription'

/** Which section a workspace path belongs to (quotes: the list and every quote page). */
export function sectionOf(pathname: string): WorkspaceSection | null {
  if (pathname === paths.account.path || pathname.startsWith(`${paths.account.path}/devis/`)) return 'quotes'
  if (pathname === paths.clients.path || pathname.startsWith(`${paths.clients.path}/`)) return 'clients'
  if (pathname === paths.items.path) return 'items'
  // The sender address is part of the company's identity, reached from the profile.
  if (pathname === paths.profile.path || pathname === paths.sender.path) return 'profile'
  if (pathname === paths.team.path) return 'team'
  if (pathname === paths.apiKeys.path) return 'apiKeys'
  if (pathname === paths.webhooks.path) return 'webhooks'
  if (pathname === paths.subscription.path) return 'subscription'
  return null
}

const ENTRIES: ReadonlyArray<{ section: WorkspaceSection; label: string; href: string }> = [
  { section: 'quotes', label: 'Devis', href: paths.account.href() },
  { section: 'clients', label: 'Clients', href: paths.clients.href() },
  { section: 'items', label: 'Articles', href: paths.items.href() },
  { section: 'profile', label: 'Profil', href: paths.profile.href() },
  { section: 'team', label: 'Équipe', href: paths.team.href() },
  { section: 'apiKeys', label: 'API', href: paths.apiKeys.href() },
  { section: 'webhooks', label: 'Webhooks', href: paths.webhooks.href() },
  { section: 'subscription', label: 'Abonnement', href: paths.subscription.href() }
]

/** The workspace's own navigation; the current section is marked for assistive technologies. */
export function WorkspaceNav() {
  const { pathname } = useLocation()
  const current = sectionOf(pathname)
  return (
    <nav className="workspace-nav" aria-label="Espace professionnel">
      <ul className="workspace-nav__list">
        {ENTRIES.map((entry) => (
          <li key={entry.section}>
            <Link
              className="workspace-nav__link"
              to={entry.href}
              // The list itself is the page; inside a quote the section is current, not the page.
              aria-current={current !== entry.section ? undefined : pathname === entry.href ? 'page' : 'true'}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
