import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'

/**
 * Reads `queryKey` (and every key under it) again: after a change, or for « Réessayer ». It
 * settles once the new answers are in the cache, so an action's « done » notice can wait for
 * them: the page never says « X est retiré » while X is still listed.
 */
export function useInvalidate(queryKey: QueryKey): () => Promise<void> {
  const queryClient = useQueryClient()
  const key = JSON.stringify(queryKey)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key's content, not its array's identity
  return useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, key])
}
