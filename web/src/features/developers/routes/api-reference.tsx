import { useCallback, useEffect, useState } from 'react'
import { apiPaths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { ApiReferenceView, type OutlineLoad } from '../components/api-reference-view'
import { outlineOf } from '../lib/openapi-outline'

export const handle: RouteHandle = {
  title: 'Référence de l’API',
  description: 'L’API publique de devis et ses webhooks : authentification, opérations, champs, erreurs, idempotence, limites et vérification des signatures.'
}

export { ApiReferencePage as Component }

/** The operations come from the OpenAPI document the gateway serves, read once the page runs. */
function ApiReferencePage() {
  const [load, setLoad] = useState<OutlineLoad>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => {
    setLoad({ kind: 'loading' })
    setAttempt((count) => count + 1)
  }, [])
  useEffect(() => {
    const controller = new AbortController()
    fetch(apiPaths.openApi, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        setLoad({ kind: 'ready', outline: outlineOf((await response.json()) as Record<string, unknown>) })
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ kind: 'failed' })
      })
    return () => controller.abort()
  }, [attempt])
  return <ApiReferenceView load={load} onRetry={retry} />
}
