import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError, type ApiError } from '@/lib/api-client'
import { loadOf } from '@/lib/query-load'
import type { RouteHandle } from '@/lib/route-handle'
import { useInvitation } from '../api/get-invitation'
import { teamApi, type InvitationView } from '../api/team-api'
import { InvitationCard } from '../components/invitation-card'

export const handle: RouteHandle = {
  title: 'Invitation',
  description: 'Rejoindre l’entreprise qui vous invite, pour rédiger ses devis avec elle.'
}

export { InvitationPage as Component }

type Load = { kind: 'loading' } | { kind: 'ready'; view: InvitationView } | { kind: 'failed'; error: ApiError }

function InvitationPage() {
  const { hydrated, api } = useWorkspace()
  const { search } = useLocation()
  const navigate = useNavigate()
  const query = new URLSearchParams(search)
  const token = hydrated ? (query.get('token') ?? '') : null
  // `rejoindre=1`: the sign-in or sign-up made from this link just happened, so the invited
  // person has already said yes: joining at once spares them a second « Rejoindre ».
  const joinOnArrival = hydrated && query.get('rejoindre') === '1'
  const joinedOnce = useRef(false)
  const [joining, setJoining] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const shown = loadOf(useInvitation(token))
  const load: Load = shown.kind === 'ready' ? { kind: 'ready', view: shown.data } : shown

  useEffect(() => {
    if (!joinOnArrival || joinedOnce.current || load.kind !== 'ready' || load.view.state !== 'open') return
    joinedOnce.current = true
    void join()
  })

  async function join() {
    if (token === null) return
    setJoining(true)
    setFailure(null)
    try {
      await teamApi.accept(api, token)
      void navigate(paths.account.href())
    } catch (error) {
      setFailure(asApiError(error).message)
      setJoining(false)
    }
  }

  return (
    <article className="invitation-page">
      <header className="page-intro workspace-intro">
        <h1>Invitation</h1>
      </header>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} /> : null}
      {load.kind === 'ready' ? <InvitationCard view={load.view} joining={joining} failure={failure} onJoin={() => void join()} /> : null}
    </article>
  )
}
