import { useMemo, type ReactNode } from 'react'
import { AccountSection } from '@/features/auth/routes/account'
import { useAuthSession } from '@/features/auth/hooks/use-auth-session'
import { useHydrated } from '@/hooks/use-hydrated'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { getAccessToken } from '@/lib/supabase'
import { WorkspaceContext, type Workspace } from '../hooks/use-workspace'
import { createWorkspaceApi } from '../lib/workspace-api'
import { WorkspaceNav } from './workspace-nav'

/**
 * Around every workspace page: its navigation, the account section (who is signed in, sign
 * out), and what the page needs to reach the API once the session is confirmed. The pages are
 * guarded by `auth`; until supabase-js answers they show their loading state (also what the
 * prerender holds), so nothing personal is in the HTML.
 */
export function WorkspaceFrame({ children }: { children: ReactNode }) {
  const session = useAuthSession({ eager: true })
  const hydrated = useHydrated()
  const { supabaseAnonKey } = useRuntimeConfig()
  const userId = session.status === 'signed-in' && session.confirmed ? (session.session?.user.id ?? null) : null
  const api = useMemo(
    () => createWorkspaceApi({ getAccessToken: async () => (supabaseAnonKey === null ? null : getAccessToken(supabaseAnonKey)) }),
    [supabaseAnonKey]
  )
  const workspace = useMemo<Workspace>(() => ({ hydrated, userId, api }), [hydrated, userId, api])
  return (
    <WorkspaceContext value={workspace}>
      <div className="workspace">
        <div className="workspace__bar">
          <WorkspaceNav />
          <AccountSection />
        </div>
        {children}
      </div>
    </WorkspaceContext>
  )
}
