import { startTransition, useRef, useState } from 'react'

/**
 * A text field of one row, typed as fast in a 200-line quote as in a 4-line one: the key shows at
 * once from the row's own state (React draws that row only), and the whole form — every row, the
 * totals, autosave — follows in a transition that React interrupts for the next key.
 *
 * While the form catches up, the value it gives back is one this field sent: what is shown stays.
 * Any other value comes from elsewhere (a saved item picked) and replaces it.
 */
export function useTypedText(value: string, commit: (value: string) => void): [string, (next: string) => void] {
  const [shown, setShown] = useState(value)
  const [received, setReceived] = useState(value)
  // What this field sent that the form may still give back. Changed only by a key (never while
  // rendering, which React may do more than once), and read while rendering.
  const sent = useRef<string[]>([])
  if (value !== received) {
    setReceived(value)
    if (!sent.current.includes(value)) setShown(value)
  }
  const change = (next: string) => {
    // The form had caught up with every key: what was sent before can no longer come back.
    if (value === shown) sent.current = []
    sent.current.push(next)
    setShown(next)
    startTransition(() => commit(next))
  }
  return [shown, change]
}
