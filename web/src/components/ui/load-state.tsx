// The two states a workspace page shows before its data: loading, or why it failed with a
// way to try again. One look and one set of roles (status, alert) for all of them.
import type { ApiError } from '@/lib/api-client'


export function LoadingStatus({ text = 'Chargement…' }: { text?: string }) {
  return (
    <p className="workspace-loading" role="status">
      {text}
    </p>
  )
}

/** The error's French message, and « Réessayer » when the page can try again. */
export function LoadFailure({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{error.message}</p>
      {onRetry === undefined ? null : (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          Réessayer
        </button>
      )}
    </div>
  )
}
