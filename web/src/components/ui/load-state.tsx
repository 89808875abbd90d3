// The two states a workspace page shows before its data: loading, or why it failed with a
// way to try again. One look and one set of roles (status, alert) for all of them.
import type { ReactNode } from 'react'
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

/** How the last action of a page went: a success said politely, a failure as an alert. */
export type ActionOutcome = { kind: 'done' | 'failed'; text: string } | null

/** The page's one live region for its actions' outcomes (kept in the page even when empty, so it is announced). */
export function ActionOutcomeNotice({ outcome, children }: { outcome: ActionOutcome; children?: ReactNode }) {
  return (
    <div aria-live="polite">
      {outcome !== null ? (
        <p
          className={outcome.kind === 'done' ? 'notice notice--success' : 'notice notice--error'}
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      ) : null}
      {children}
    </div>
  )
}
