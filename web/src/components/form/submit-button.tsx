import type { ReactNode } from 'react'

/**
 * The form's submit button: disabled until the page is interactive (before hydration a click
 * would submit the form natively) and while the request runs.
 */
export function SubmitButton({
  ready,
  pending,
  children,
  pendingLabel
}: {
  ready: boolean
  pending: boolean
  children: ReactNode
  pendingLabel: string
}) {
  return (
    <button type="submit" className="button button--primary" disabled={!ready || pending}>
      {pending ? pendingLabel : children}
    </button>
  )
}
