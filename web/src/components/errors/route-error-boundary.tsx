import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { browserSessionStorage, isChunkLoadError, reloadAfterChunkError } from '@/lib/app-shell/chunk-reload-guard'
import { ErrorPage } from './error-page'

interface BoundaryProps {
  children: ReactNode
  /** When it changes (the visitor went elsewhere), the boundary tries its children again. */
  resetKey: string
  /** The error replaces the whole page (layout included), so it brings its own <main>. */
  standalone?: boolean
}

interface BoundaryState {
  error: { value: unknown } | null
}

/** Catches what a page throws while rendering or loading its code. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null }

  static getDerivedStateFromError(value: unknown): BoundaryState {
    return { error: { value } }
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) this.setState({ error: null })
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!isChunkLoadError(error)) console.error('Paraphe: page failed', error, info.componentStack)
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children
    const error = <RouteError error={this.state.error.value} />
    return this.props.standalone === true ? (
      <main id="contenu" className="page page--bare">
        {error}
      </main>
    ) : (
      error
    )
  }
}

/** The error page, unless a missing chunk means a new version: then reload once (guarded). */
function RouteError({ error }: { error: unknown }) {
  const { pathname } = useLocation()
  const chunkError = isChunkLoadError(error)
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
  return <ErrorPage statusCode={500} />
}

/** Top-level boundary, for errors in the layout itself. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary resetKey="root" standalone>
      {children}
    </RouteErrorBoundary>
  )
}
