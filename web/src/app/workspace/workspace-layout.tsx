import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { Link, Outlet } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { AppLayout } from '@/components/layout/app-layout'
import { AccountSection } from '@/features/auth/components/account-section'
import { useAuthSession } from '@/features/auth/hooks/use-auth-session'
import { useHydrated } from '@/hooks/use-hydrated'
import { WorkspaceContext, type Workspace } from '@/hooks/use-workspace'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { getAccessToken } from '@/lib/supabase'
import { createApiClient } from '@/lib/api-client'
import { createQueryClient } from '@/lib/react-query'
import { AccountLinks, WorkspaceNav } from './workspace-nav'

/**
 * The one layout of every workspace page (under /espace), an application rather than the site:
 * its header holds the workspace's navigation (the daily work: quotes, clients, articles),
 * « Nouveau devis » and the account menu (who is signed in, the company's settings, the one
 * « Se déconnecter »); the pages get what they need to reach the API once the session is confirmed. The layout route is guarded by `auth`; until supabase-js answers the pages show
 * their loading state (also what the prerender holds), so nothing personal is in the HTML.
 */
export function WorkspaceLayout() {
  const session = useAuthSession({ eager: true })
  const hydrated = useHydrated()
  const { supabaseAnonKey } = useRuntimeConfig()
  const userId = session.status === 'signed-in' && session.confirmed ? (session.session?.user.id ?? null) : null
  const userEmail = userId === null ? null : (session.session?.user.email ?? null)
  const api = useMemo(
    () => createApiClient({ getAccessToken: async () => (supabaseAnonKey === null ? null : getAccessToken(supabaseAnonKey)) }),
    [supabaseAnonKey]
  )
  const workspace = useMemo<Workspace>(() => ({ hydrated, userId, userEmail, api }), [hydrated, userId, userEmail, api])
  // One cache for the workspace's screens while the layout stays; another account signing in
  // in this tab (or signing out) must not see the previous one's data.
  const [queryClient] = useState(createQueryClient)
  useEffect(() => () => queryClient.clear(), [queryClient, userId])
  return (
    <QueryClientProvider client={queryClient}>
      <WorkspaceContext value={workspace}>
        <AppLayout
          nav={<WorkspaceNav />}
          action={
            <Link className="button button--primary" to={paths.quoteNew.href()}>
              Nouveau devis
            </Link>
          }
          account={<AccountSection links={<AccountLinks />} />}
        >
          <div className="workspace">
            <Outlet />
          </div>
        </AppLayout>
      </WorkspaceContext>
    </QueryClientProvider>
  )
}
