import { useState } from 'react'

export type CopyState = 'idle' | 'copied' | 'manual'

/**
 * Copies a secret or a link shown once. The clipboard API exists only in secure contexts and may
 * be refused: the text is then selected in its field (`inputId`) so that Ctrl+C copies it.
 */
export function useCopyText(inputId: string): { copy: CopyState; copyText: (text: string) => void; resetCopy: () => void } {
  const [copy, setCopy] = useState<CopyState>('idle')
  const select = () => {
    const input = document.getElementById(inputId)
    if (input instanceof HTMLInputElement) input.select()
    setCopy('manual')
  }
  const copyText = (text: string) => {
    if (navigator.clipboard === undefined) return select()
    navigator.clipboard.writeText(text).then(() => setCopy('copied'), select)
  }
  return { copy, copyText, resetCopy: () => setCopy('idle') }
}
