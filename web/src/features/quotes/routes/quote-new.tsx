import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { ApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { quotesApi } from '../api/quotes-api'

export const handle: RouteHandle = {
  title: 'Nouveau devis',
  description: 'Un nouveau devis en brouillon, prérempli avec vos conditions habituelles.'
}

/** `/espace/devis/nouveau`: creates a draft, then shows it at its own address (replacing this one). */
export { NewQuote as Component }

function NewQuote() {
  const { userId, api } = useWorkspace()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<ApiError | null>(null)
  const [attempt, setAttempt] = useState(0)
  // One draft per visit, even if the effect runs again (development's double effects, a new token).
  const started = useRef(-1)
  useEffect(() => {
    if (userId === null || started.current === attempt) return
    started.current = attempt
    quotesApi.create(api).then(
      (quote) => navigate(paths.quote.href(quote.id), { replace: true }),
      (error: unknown) => setFailure(asApiError(error))
    )
  }, [api, userId, attempt, navigate])
  return (
    <NewQuoteView
      failure={failure}
      onRetry={() => {
        setFailure(null)
        setAttempt((count) => count + 1)
      }}
    />
  )
}

export function NewQuoteView({ failure, onRetry }: { failure: ApiError | null; onRetry: () => void }) {
  return (
    <article className="quote-page">
      <header className="quote-page__head">
        <h1>Nouveau devis</h1>
      </header>
      {failure === null ? (
        <p className="workspace-loading" role="status">
          Création du brouillon…
        </p>
      ) : (
        <div className="notice notice--error" role="alert">
          <p>Le brouillon n’a pas pu être créé&#8239;: {failure.message}</p>
          <p className="actions">
            <button type="button" className="button button--primary" onClick={onRetry}>
              Réessayer
            </button>
            <Link className="button button--ghost" to={paths.account.href()}>
              Retour à mes devis
            </Link>
          </p>
        </div>
      )}
    </article>
  )
}
