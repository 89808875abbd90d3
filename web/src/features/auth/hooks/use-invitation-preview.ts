import { useState } from 'react'
import { useSignalEffect } from '@/hooks/use-signal-effect'
import { useApiClient } from '@/lib/api-client'
import { invitationPreview, type InvitationView } from '../api/invitation-preview'
import { invitationTokenOf } from '../lib/invitation-target'

/**
 * The invitation a sign-in or sign-up target leads to, once loaded; null for any other target, or
 * when the link is unknown (the pages then read as usual, and the invitation page says why).
 */
export function useInvitationPreview(target: string | undefined): InvitationView | null {
  const api = useApiClient()
  const token = invitationTokenOf(target)
  const [view, setView] = useState<InvitationView | null>(null)
  useSignalEffect(
    (signal) => {
      setView(null)
      if (token === null) return
      invitationPreview(api, token, signal).then(
        (found) => setView(found),
        () => {
          // Unknown or unreachable: the sign-in form still works, and the invitation page explains.
        }
      )
    },
    [api, token]
  )
  return view
}
