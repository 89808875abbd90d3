import { useEffect, useState } from 'react'
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom'
import {
  browserSessionStorage,
  isChunkLoadError,
  reloadAfterChunkError
} from '@/lib/app-shell/chunk-reload-guard'
import { ErrorPage } from './error-page'

/** Error boundary of one page: the layout stays, the page area shows the error. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const { pathname } = useLocation()
  const chunkError = isChunkLoadError(error)
  // A missing chunk usually means a new version was deployed: reload once (guarded).
  const [reloading, setReloading] = useState(chunkError)
  useEffect(() => {
    if (!chunkError) return
    const reloaded = reloadAfterChunkError(pathname, {
      storage: browserSessionStorage(),
      now: Date.now,
      reload: () => window.location.reload()
    })
    if (!reloaded) setReloading(false)
  }, [chunkError, pathname])

  if (reloading) {
    return (
      <p className="notice" role="status">
        Chargement de la nouvelle version du site…
      </p>
    )
  }
  if (isRouteErrorResponse(error)) {
    return <ErrorPage statusCode={error.status} message={error.statusText === '' ? undefined : error.statusText} />
  }
  if (!chunkError) console.error(error)
  return <ErrorPage statusCode={500} />
}

/** Top-level boundary, for errors in the layout itself. */
export function RootErrorBoundary() {
  return (
    <main id="contenu" className="page page--bare">
      <RouteErrorBoundary />
    </main>
  )
}
