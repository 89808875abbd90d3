import { useEffect, useState } from 'react'
import { useWorkspace } from '@/hooks/use-workspace'
import { CLIENT_SEARCH_MAX_LENGTH, clientsApi, type SavedClient } from '@/lib/clients-api'

/** How many saved clients are offered at once. */
const SUGGESTIONS = 6

/** What to search the saved clients for: null when nothing is typed, or more than the search takes. */
export function clientSearchText(query: string): string | null {
  const trimmed = query.trim()
  return trimmed === '' || trimmed.length > CLIENT_SEARCH_MAX_LENGTH ? null : trimmed
}

/**
 * The saved clients matching what is typed in « Choisir un client enregistré », asked after a
 * pause in the typing (null: nothing asked). A failed search offers nothing rather than an error:
 * the client can always be typed by hand.
 */
export function useClientSuggestions(query: string): SavedClient[] | null {
  const { api } = useWorkspace()
  const [clients, setClients] = useState<SavedClient[] | null>(null)
  const wanted = clientSearchText(query)
  useEffect(() => {
    if (wanted === null) {
      setClients(null)
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      clientsApi.list(api, { search: wanted, limit: SUGGESTIONS }, controller.signal).then(
        (list) => setClients(list.clients),
        () => {
          if (!controller.signal.aborted) setClients(null)
        }
      )
    }, 150)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, wanted])
  return wanted === null ? null : clients
}
