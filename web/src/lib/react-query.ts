// The workspace's one cache of server data (TanStack Query), as bulletproof-react sets it up:
// defaults here, one key table (query-keys.ts), one `features/<f>/api/get-*.ts` per read.
// Only the workspace loads this module: the public pages' first load stays without it.
import { QueryClient, type DefaultOptions } from '@tanstack/react-query'

export const queryConfig = {
  queries: {
    // A failure is shown at once with its « Réessayer »: the page, not the cache, decides to ask again.
    retry: false,
    refetchOnWindowFocus: false,
    // Read once per screen: the parts of a page that ask for the same data together share one
    // request; a screen opened later reads again (showing what the cache has meanwhile), and a
    // change invalidates what it touches on the screen where it is made.
    staleTime: 0
  }
} satisfies DefaultOptions

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig })
}
