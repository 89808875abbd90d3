import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { asApiError } from '@/lib/api-client'

/**
 * What a settings panel of the invoice list shows of its read: nothing until first opened, then
 * « Chargement… », why it failed (in French, with « Réessayer »), or its form, given the stored settings (the form
 * takes them as its starting values).
 */
export function SettingsLoad<T>({
  opened,
  query,
  children
}: {
  opened: boolean
  query: Pick<UseQueryResult<T>, 'status' | 'data' | 'error' | 'refetch'>
  children: (stored: T) => ReactNode
}) {
  if (!opened) return null
  // Once shown, the form stays (what is typed in it with it), whatever a later read does.
  if (query.data !== undefined) return children(query.data)
  if (query.status === 'error') return <LoadFailure error={asApiError(query.error)} onRetry={() => void query.refetch()} />
  return <LoadingStatus />
}
