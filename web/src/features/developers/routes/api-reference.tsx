import { useState } from 'react'
import { apiPaths } from '@paraphe/shared/paths'
import { useSignalEffect } from '@/hooks/use-signal-effect'
import type { RouteHandle } from '@/lib/route-handle'
import { ApiReferenceView, type OutlineLoad } from '../components/api-reference-view'
import { fetchOutline } from '../lib/openapi-outline'

export const handle: RouteHandle = {
  title: 'Référence de l’API',
  description:
    'L’API publique de devis et ses webhooks : authentification, opérations, champs, erreurs, idempotence, limites et vérification des signatures.'
}

export { ApiReferencePage as Component }

/** The operations come from the OpenAPI document the gateway serves, read once the page runs. */
function ApiReferencePage() {
  const [load, setLoad] = useState<OutlineLoad>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useSignalEffect(
    (signal) =>
      void fetchOutline(fetch, apiPaths.openApi, signal).then((outcome) => {
        if (!signal.aborted) setLoad(outcome)
      }),
    [attempt]
  )
  const retry = () => {
    setLoad({ kind: 'loading' })
    setAttempt(attempt + 1)
  }
  return <ApiReferenceView load={load} onRetry={retry} />
}
