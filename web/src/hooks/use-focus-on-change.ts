import { useEffect, useRef, type RefObject } from 'react'

/**
 * Moves the keyboard focus (and screen readers) to an element when `key` changes after the first
 * render, e.g. to a page's heading when its content is replaced.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown): RefObject<T | null> {
  const ref = useRef<T | null>(null)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    ref.current?.focus()
  }, [key])
  return ref
}
