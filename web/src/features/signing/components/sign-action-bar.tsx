import type { SignProgress } from '../lib/sign-form'

export interface SignActionBarProps {
  progress: SignProgress
  pending: boolean
  /** The form is incomplete: show the first missing step instead of sending. */
  onNextStep: () => void
}

/**
 * Fixed at the bottom of the window on phones and desktops, so that the signer always sees how
 * far they are and one button that either leads to the first missing step or signs. Position
 * fixed takes no room in the flow: it shifts nothing (the form keeps room for it at its end).
 */
export function SignActionBar({ progress, pending, onNextStep }: SignActionBarProps) {
  // While sending, the button that sent stays, busy.
  const complete = progress.firstMissing === undefined || pending
  const percent = Math.round((progress.done / progress.total) * 100)
  return (
    <div className="sign-action-bar">
      <div className="sign-action-bar__inner">
        <div className="sign-action-bar__progress">
          {/* Polite and short: read when the count changes, not on each key. */}
          <p className="sign-action-bar__count" aria-live="polite">
            {progress.done}&nbsp;élément{progress.done > 1 ? 's' : ''} sur {progress.total}
          </p>
          <div className="sign-action-bar__track" aria-hidden="true">
            <div className="sign-action-bar__fill" style={{ width: `${percent}%` }} />
          </div>
        </div>
        {complete ? (
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Signature en cours…' : 'Signer le devis'}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={onNextStep}>
            Continuer
          </button>
        )}
      </div>
    </div>
  )
}
