import type { ReactNode, Ref } from 'react'

export interface TextFieldProps {
  id: string
  name: string
  label: string
  type: 'email' | 'password' | 'text'
  autoComplete: string
  value: string
  onChange: (value: string) => void
  /** Shown under the label, read with the field (rules, examples). */
  hint?: ReactNode
  /** Shown under the field, read with it, and marks it invalid. */
  error?: string | undefined
  disabled?: boolean
  /** Shown and sent but not editable (an invited address): still focusable and read aloud. */
  readOnly?: boolean
  inputRef?: Ref<HTMLInputElement>
}

/** A labelled input whose hint and error are announced with it. */
export function TextField({
  id,
  name,
  label,
  type,
  autoComplete,
  value,
  onChange,
  hint,
  error,
  disabled,
  readOnly,
  inputRef
}: TextFieldProps) {
  const hintId = hint === undefined ? undefined : `${id}-hint`
  const errorId = error === undefined ? undefined : `${id}-error`
  const describedBy = [hintId, errorId].filter((part) => part !== undefined).join(' ')
  return (
    <div className={error === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id}>{label}</label>
      {hint === undefined ? null : (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        disabled={disabled}
        readOnly={readOnly}
        required
        spellCheck={type === 'text' ? undefined : false}
        autoCapitalize={type === 'email' ? 'none' : undefined}
      />
      {error === undefined ? null : (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}
