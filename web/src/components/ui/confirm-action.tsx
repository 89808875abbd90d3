import { useEffect, useRef, useState, type ReactNode } from 'react'

export interface ConfirmActionProps {
  /** The button that asks. */
  label: string
  /** What happens if confirmed, in a sentence or two. */
  question: ReactNode
  confirmLabel: string
  onConfirm: () => void
  pending: boolean
  pendingLabel: string
  disabled?: boolean
  tone?: 'primary' | 'danger' | 'ghost'
  /** The asking button's id (« Envoyer » of the phone bar reaches it). */
  id?: string
}

/**
 * An action that asks first, in the page (no browser dialog): the question and its two answers
 * replace the button, and the focus moves to them and back.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  onConfirm,
  pending,
  pendingLabel,
  disabled = false,
  tone = 'ghost',
  id
}: ConfirmActionProps) {
  const [asking, setAsking] = useState(false)
  const questionRef = useRef<HTMLParagraphElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  useEffect(() => {
    if (asking) questionRef.current?.focus()
    else if (wasAsking.current) triggerRef.current?.focus()
    wasAsking.current = asking
  }, [asking])

  const toneClass = tone === 'primary' ? 'button--primary' : tone === 'danger' ? 'button--danger' : 'button--ghost'
  if (!asking || pending) {
    return (
      <button
        ref={triggerRef}
        id={id}
        type="button"
        className={`button ${toneClass}`}
        onClick={() => setAsking(true)}
        disabled={disabled || pending}
      >
        {pending ? pendingLabel : label}
      </button>
    )
  }
  return (
    <div className="confirm" role="group" aria-label={label}>
      <p className="confirm__question" ref={questionRef} tabIndex={-1}>
        {question}
      </p>
      <div className="confirm__answers">
        <button
          type="button"
          className={`button ${tone === 'danger' ? 'button--danger-solid' : 'button--primary'}`}
          onClick={() => {
            setAsking(false)
            onConfirm()
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
          Annuler
        </button>
      </div>
    </div>
  )
}
