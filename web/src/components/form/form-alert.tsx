import type { ReactNode } from 'react'

/** A problem with what was submitted, announced as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice--error" role="alert">
      {children}
    </div>
  )
}

/** A confirmation that something was done, announced politely. */
export function FormStatus({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice--success" role="status">
      {children}
    </div>
  )
}
