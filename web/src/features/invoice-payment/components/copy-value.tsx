import { useId, useState } from 'react'

/**
 * A value of the transfer and its « Copier » button: on a phone, the client pastes each one into
 * the banking app. The clipboard API may be refused: the value is then selected to copy by hand.
 */
export function CopyValue({ label, shown, copied, code = false }: { label: string; shown: string; copied: string; code?: boolean }) {
  const id = useId()
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle')
  const select = () => {
    const value = document.getElementById(id)
    const selection = window.getSelection()
    if (value !== null && selection !== null) selection.selectAllChildren(value)
    setState('manual')
  }
  const copy = () => {
    if (navigator.clipboard === undefined) return select()
    navigator.clipboard.writeText(copied).then(() => setState('copied'), select)
  }
  return (
    <div className="invoice-copy">
      <dt>{label}</dt>
      <dd>
        <span id={id} className={code ? 'invoice-facts__code' : undefined}>
          {shown}
        </span>
        <button type="button" className="button button--ghost button--small" onClick={copy} aria-label={`Copier ${label.toLowerCase()}`}>
          Copier
        </button>
        <span className="invoice-copy__state" role="status">
          {state === 'copied' ? 'Copié' : state === 'manual' ? 'Sélectionné : copiez-le' : ''}
        </span>
      </dd>
    </div>
  )
}
