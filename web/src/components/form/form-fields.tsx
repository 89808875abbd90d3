// Labelled form controls of the workspace forms: the hint under the label and the error under
// the control are read with it (aria-describedby), and an error marks it invalid.
import type { ReactNode } from 'react'

export interface FieldProps {
  id: string
  label: ReactNode
  /** Shown under the label: what to type, an example, why it is asked. */
  hint?: ReactNode
  /** Shown under the control, announced with it, and marks it invalid. */
  error?: string | undefined
  /** Adds « (facultatif) » to the label. */
  optional?: boolean
  disabled?: boolean
  className?: string
}

function describedBy(id: string, hint: ReactNode | undefined, error: string | undefined): string | undefined {
  const ids = [hint === undefined ? null : `${id}-hint`, error === undefined ? null : `${id}-error`].filter((part) => part !== null)
  return ids.length === 0 ? undefined : ids.join(' ')
}

function Shell({ id, label, hint, error, optional, className, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={['field', error === undefined ? null : 'field--invalid', className ?? null].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {optional === true ? <span className="field__optional"> (facultatif)</span> : null}
      </label>
      {hint === undefined ? null : (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error === undefined ? null : (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

export interface InputFieldProps extends FieldProps {
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'email' | 'tel' | 'date' | 'search' | 'url'
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel' | 'search' | 'url'
  autoComplete?: string
  maxLength?: number
  placeholder?: string
  /** Text shown right after the control (a unit: €, %, jours). */
  suffix?: string
}

export function InputField({
  value,
  onChange,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  placeholder,
  suffix,
  ...field
}: InputFieldProps) {
  const input = (
    <input
      id={field.id}
      name={field.id}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete ?? 'off'}
      maxLength={maxLength}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={field.disabled}
      aria-invalid={field.error === undefined ? undefined : true}
      aria-describedby={describedBy(field.id, field.hint, field.error)}
      spellCheck={type === 'text' ? undefined : false}
    />
  )
  return (
    <Shell {...field}>
      {suffix === undefined ? (
        input
      ) : (
        <span className="field__with-suffix">
          {input}
          <span className="field__suffix" aria-hidden="true">
            {suffix}
          </span>
        </span>
      )}
    </Shell>
  )
}

export interface TextAreaFieldProps extends FieldProps {
  value: string
  onChange: (value: string) => void
  rows?: number
  maxLength?: number
  autoComplete?: string
}

export function TextAreaField({ value, onChange, rows = 3, maxLength, autoComplete, ...field }: TextAreaFieldProps) {
  return (
    <Shell {...field}>
      <textarea
        id={field.id}
        name={field.id}
        rows={rows}
        maxLength={maxLength}
        autoComplete={autoComplete ?? 'off'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={field.disabled}
        aria-invalid={field.error === undefined ? undefined : true}
        aria-describedby={describedBy(field.id, field.hint, field.error)}
      />
    </Shell>
  )
}

export interface SelectFieldProps<T extends string> extends FieldProps {
  value: T
  onChange: (value: T) => void
  options: ReadonlyArray<{ value: T; label: string }>
}

export function SelectField<T extends string>({ value, onChange, options, ...field }: SelectFieldProps<T>) {
  return (
    <Shell {...field}>
      <select
        id={field.id}
        name={field.id}
        value={value}
        // The options are the only values the select can hold.
        onChange={(event) => onChange(event.target.value as T)}
        disabled={field.disabled}
        aria-invalid={field.error === undefined ? undefined : true}
        aria-describedby={describedBy(field.id, field.hint, field.error)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Shell>
  )
}

export interface CheckboxFieldProps {
  id: string
  label: ReactNode
  hint?: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}

export function CheckboxField({ id, label, hint, checked, onChange, disabled }: CheckboxFieldProps) {
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled}
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
      />
      <label htmlFor={id}>{label}</label>
      {hint === undefined ? null : (
        <p className="field__hint field__hint--checkbox" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  )
}
