import { createContext, useContext } from 'react'
import type { ApiClient } from '@/lib/api-client'

/** What every workspace page gets from the layout around it. */
export interface Workspace {
  /** False while React hydrates the prerendered shell: values from the URL wait for it. */
  hydrated: boolean
  /** The signed-in user once supabase-js has confirmed the session; null before (and in the prerender). */
  userId: string | null
  /** The signed-in account's e-mail address, as confirmed (prefills the profile's e-mail); null before. */
  userEmail: string | null
  api: ApiClient
}

export const WorkspaceContext = createContext<Workspace | null>(null)

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext)
  if (workspace === null) throw new Error('useWorkspace must be used inside WorkspaceLayout')
  return workspace
}
