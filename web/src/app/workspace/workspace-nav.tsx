import { Link, useLocation } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'

export type WorkspaceSection =
  'quotes' | 'invoices' | 'clients' | 'items' | 'profile' | 'security' | 'team' | 'apiKeys' | 'webhooks' | 'subscription'

/** Which section a workspace path belongs to (quotes: the list and every quote page, its invoicing too). */
export function sectionOf(pathname: string): WorkspaceSection | null {
  if (pathname === paths.account.path || pathname.startsWith(`${paths.account.path}/devis/`)) return 'quotes'
  if (pathname === paths.invoices.path || pathname.startsWith(`${paths.invoices.path}/`)) return 'invoices'
  if (pathname === paths.clients.path || pathname.startsWith(`${paths.clients.path}/`)) return 'clients'
  if (pathname === paths.items.path) return 'items'
  // The sender address is part of the company's identity, reached from the profile.
  if (pathname === paths.profile.path || pathname === paths.sender.path || pathname === paths.platform.path) return 'profile'
  if (pathname === paths.security.path) return 'security'
  if (pathname === paths.team.path) return 'team'
  if (pathname === paths.apiKeys.path) return 'apiKeys'
  if (pathname === paths.webhooks.path) return 'webhooks'
  if (pathname === paths.subscription.path) return 'subscription'
  return null
}

type Entry = { section: WorkspaceSection; label: string; href: string }

/** The daily work: in the navigation (the bottom bar on phones). */
const WORK_ENTRIES: readonly Entry[] = [
  { section: 'quotes', label: 'Devis', href: paths.account.href() },
  { section: 'invoices', label: 'Factures', href: paths.invoices.href() },
  { section: 'clients', label: 'Clients', href: paths.clients.href() },
  { section: 'items', label: 'Articles', href: paths.items.href() }
]

/** The company's settings: in the account menu, with « Se déconnecter ». */
const ACCOUNT_ENTRIES: readonly Entry[] = [
  { section: 'profile', label: 'Profil', href: paths.profile.href() },
  { section: 'security', label: 'Sécurité', href: paths.security.href() },
  { section: 'team', label: 'Équipe', href: paths.team.href() },
  { section: 'subscription', label: 'Abonnement', href: paths.subscription.href() },
  { section: 'apiKeys', label: 'API', href: paths.apiKeys.href() },
  { section: 'webhooks', label: 'Webhooks', href: paths.webhooks.href() }
]

function EntryLinks({ entries, className }: { entries: readonly Entry[]; className: string }) {
  const { pathname } = useLocation()
  const current = sectionOf(pathname)
  return (
    <ul className={`${className}__list`}>
      {entries.map((entry) => (
        <li key={entry.section}>
          <Link
            className={`${className}__link`}
            to={entry.href}
            // The list itself is the page; inside a quote the section is current, not the page.
            aria-current={current !== entry.section ? undefined : pathname === entry.href ? 'page' : 'true'}
          >
            {entry.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The workspace's own navigation; the current section is marked for assistive technologies. */
export function WorkspaceNav() {
  return (
    <nav className="workspace-nav" aria-label="Espace professionnel">
      <EntryLinks entries={WORK_ENTRIES} className="workspace-nav" />
    </nav>
  )
}

/** The settings' links of the account menu. */
export function AccountLinks() {
  return (
    <nav className="account-menu__nav" aria-label="Compte et entreprise">
      <EntryLinks entries={ACCOUNT_ENTRIES} className="account-menu" />
    </nav>
  )
}
