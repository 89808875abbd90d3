import { useEffect, useRef, type RefObject } from 'react'
import SignaturePad from 'signature_pad'
import type { DrawnSignature } from '../api/signing-api'
import { drawnSignature, scaleGroups } from '../lib/strokes'

/** What the form asks of the pad when it sends. */
export interface SignaturePadHandle {
  /** The drawing, or null while the pad is blank. */
  signature: () => DrawnSignature | null
}

export interface SignaturePadFieldProps {
  handleRef: RefObject<SignaturePadHandle | null>
  /** Called when the pad goes from blank to drawn or back. */
  onDrawnChange: (drawn: boolean) => void
  drawn: boolean
  describedBy?: string
}

/**
 * The drawing area (signature_pad: mouse, pen and touch through pointer events). The canvas
 * follows its box's size: when the phone turns or the window changes, its pixels are reset, so
 * the strokes are redrawn from toData(), scaled to the new size.
 */
export function SignaturePadField({ handleRef, onDrawnChange, drawn, describedBy }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null)
  const padRef = useRef<SignaturePad | null>(null)
  const changeRef = useRef(onDrawnChange)
  useEffect(() => {
    changeRef.current = onDrawnChange
  })

  useEffect(() => {
    const canvas = canvasRef.current
    if (canvas === null) return
    const pad = new SignaturePad(canvas, { penColor: '#1c2430', minWidth: 0.8, maxWidth: 2.8, velocityFilterWeight: 0.6 })
    padRef.current = pad
    let size = { width: 0, height: 0 }
    const fit = () => {
      const width = canvas.offsetWidth
      const height = canvas.offsetHeight
      if (width === 0 || height === 0 || (width === size.width && height === size.height)) return
      const strokes = pad.toData()
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      canvas.width = Math.round(width * ratio)
      canvas.height = Math.round(height * ratio)
      canvas.getContext('2d')?.scale(ratio, ratio)
      pad.clear()
      if (size.width > 0 && strokes.length > 0) pad.fromData(scaleGroups(strokes, width / size.width, height / size.height))
      size = { width, height }
    }
    fit()
    const observer = new ResizeObserver(fit)
    observer.observe(canvas)
    const ended = () => changeRef.current(!pad.isEmpty())
    pad.addEventListener('endStroke', ended)
    handleRef.current = { signature: () => (pad.isEmpty() ? null : drawnSignature(pad.toData(), size.width, size.height)) }
    return () => {
      observer.disconnect()
      pad.removeEventListener('endStroke', ended)
      pad.off()
      padRef.current = null
      handleRef.current = null
    }
  }, [handleRef])

  function clear() {
    padRef.current?.clear()
    onDrawnChange(false)
  }

  return (
    <div className="signing-pad">
      <p className="field__hint" id="sign-pad-hint">
        Signez dans le cadre avec le doigt, un stylet ou la souris, comme sur papier.
      </p>
      <canvas
        ref={canvasRef}
        id="sign-pad"
        className="signing-pad__canvas"
        role="img"
        aria-label={drawn ? 'Cadre de signature : signature dessinée' : 'Cadre de signature, vide'}
        aria-describedby={['sign-pad-hint', describedBy].filter((id) => id !== undefined).join(' ')}
      />
      <div className="signing-pad__bar">
        <p className="signing-pad__status" aria-live="polite">
          {drawn ? 'Signature dessinée.' : 'Le cadre est vide.'}
        </p>
        <button type="button" className="button button--ghost signing-pad__clear" onClick={clear} disabled={!drawn}>
          Effacer la signature
        </button>
      </div>
    </div>
  )
}
