import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import SignaturePad from 'signature_pad'
import type { DrawnSignature } from '../api/signing-api'
import { carryPoint, drawnSignature, isTap, scaleGroups } from '../lib/strokes'
import { SignatureSheet } from './signature-sheet'

/** The events of a stroke begun on the frame that are carried to the sheet's pad. */
const FOLLOWED = ['pointermove', 'pointerup', 'pointercancel'] as const

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
  /** Every other step is done: on phones the sheet ends with « Signer le devis ». */
  lastStep: boolean
}

/** Phones and tablets: a finger needs the whole screen to sign. */
const SHEET_QUERY = '(max-width: 40rem), (pointer: coarse)'

type Strokes = ReturnType<SignaturePad['toData']>

/**
 * The drawing area (signature_pad: mouse, pen and touch through pointer events). The canvas
 * follows its box's size: when the phone turns or the window changes, its pixels are reset, so
 * the strokes are redrawn from toData(), scaled to the new size. On phones the canvas lives in a
 * full-screen sheet and the form shows a preview of what was validated.
 */
export function SignaturePadField({ handleRef, onDrawnChange, drawn, describedBy, lastStep }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null)
  const padRef = useRef<SignaturePad | null>(null)
  const sizeRef = useRef({ width: 0, height: 0 })
  const changeRef = useRef(onDrawnChange)
  // Chosen once: switching on rotation would move the canvas and lose the drawing. (The form is
  // only rendered in the browser; rendered elsewhere, as in the unit tests, it is the desktop's.)
  const [sheet] = useState(() => typeof window !== 'undefined' && window.matchMedia(SHEET_QUERY).matches)
  const [open, setOpen] = useState(false)
  const [preview, setPreview] = useState<string | null>(null)
  const savedRef = useRef<{ strokes: Strokes; width: number; height: number }>({ strokes: [], width: 0, height: 0 })
  const openerRef = useRef<HTMLButtonElement | null>(null)
  const fitRef = useRef<() => void>(() => undefined)
  const openedByStroke = useRef(false)
  useEffect(() => {
    changeRef.current = onDrawnChange
  })

  useEffect(() => {
    const canvas = canvasRef.current
    if (canvas === null) return
    const pad = new SignaturePad(canvas, { penColor: '#1c2430', minWidth: 0.8, maxWidth: 2.8, velocityFilterWeight: 0.6 })
    padRef.current = pad
    const fit = () => {
      const size = sizeRef.current
      const width = canvas.offsetWidth
      const height = canvas.offsetHeight
      // A closed sheet has no size: the strokes wait, unscaled, for it to open again.
      if (width === 0 || height === 0 || (width === size.width && height === size.height)) return
      const strokes = pad.toData()
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      canvas.width = Math.round(width * ratio)
      canvas.height = Math.round(height * ratio)
      canvas.getContext('2d')?.scale(ratio, ratio)
      pad.clear()
      // Strokes begun before the first fit (a finger quicker than the sheet's first frame) are
      // already in CSS pixels: kept as they are.
      if (strokes.length > 0) pad.fromData(size.width > 0 ? scaleGroups(strokes, width / size.width, height / size.height) : strokes)
      sizeRef.current = { width, height }
    }
    fit()
    fitRef.current = fit
    const observer = new ResizeObserver(fit)
    observer.observe(canvas)
    // In the sheet, the drawing counts once validated.
    const ended = () => {
      if (openedByStroke.current) {
        openedByStroke.current = false
        // A tap on the frame only opens the sheet: it leaves no dot.
        const strokes = pad.toData()
        const last = strokes.at(-1)
        if (last !== undefined && isTap(last.points)) {
          pad.clear()
          pad.fromData(strokes.slice(0, -1))
        }
      }
      if (!sheet) changeRef.current(!pad.isEmpty())
    }
    pad.addEventListener('endStroke', ended)
    handleRef.current = {
      signature: () => (pad.isEmpty() ? null : drawnSignature(pad.toData(), sizeRef.current.width, sizeRef.current.height))
    }
    return () => {
      observer.disconnect()
      pad.removeEventListener('endStroke', ended)
      pad.off()
      padRef.current = null
      handleRef.current = null
    }
  }, [handleRef, sheet])

  function clear() {
    padRef.current?.clear()
    if (!sheet) onDrawnChange(false)
  }

  function openSheet() {
    const pad = padRef.current
    if (pad !== null) savedRef.current = { strokes: pad.toData(), ...sizeRef.current }
    setOpen(true)
  }

  /**
   * A finger (or pen, or mouse) put on the frame opens the sheet and goes on drawing there: the
   * touch that opened it is the signature's first stroke, not one more tap. The sheet now covers
   * the frame; signature_pad follows a stroke's moves on the whole window, so the moves, still
   * aimed at the frame, draw under the finger in the sheet's pad.
   */
  function startInSheet(event: ReactPointerEvent<HTMLButtonElement>) {
    const canvas = canvasRef.current
    if (canvas === null || open || !event.isPrimary || event.button !== 0) return
    event.preventDefault()
    const frame = event.currentTarget.getBoundingClientRect()
    flushSync(openSheet)
    fitRef.current()
    openedByStroke.current = true
    const pad = canvas.getBoundingClientRect()
    const { pointerId, pointerType } = event
    // The finger's moves still land where the frame was: each is carried to the same place of
    // the pad (only the browser's own events; the carried copies are left to signature_pad).
    const carry = (type: string, source: { clientX: number; clientY: number; pressure: number }, buttons: number) => {
      const point = carryPoint(source.clientX, source.clientY, frame, pad)
      canvas.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          cancelable: true,
          pointerId,
          pointerType,
          isPrimary: true,
          clientX: point.x,
          clientY: point.y,
          pressure: source.pressure,
          buttons
        })
      )
    }
    const follow = (moved: PointerEvent) => {
      if (!moved.isTrusted || moved.pointerId !== pointerId) return
      moved.stopImmediatePropagation()
      const ended = moved.type !== 'pointermove'
      if (ended) for (const type of FOLLOWED) window.removeEventListener(type, follow, true)
      carry(moved.type === 'pointercancel' ? 'pointerup' : moved.type, moved, ended ? 0 : 1)
    }
    for (const type of FOLLOWED) window.addEventListener(type, follow, true)
    carry('pointerdown', event, 1)
  }

  function closeSheet(keep: boolean) {
    const pad = padRef.current
    if (pad !== null && !keep) {
      // Back to the drawing validated before, in the pad's current size.
      const saved = savedRef.current
      const size = sizeRef.current
      pad.clear()
      if (saved.strokes.length > 0 && saved.width > 0)
        pad.fromData(scaleGroups(saved.strokes, size.width / saved.width, size.height / saved.height))
    }
    if (pad !== null) {
      setPreview(pad.isEmpty() ? null : pad.toDataURL())
      onDrawnChange(!pad.isEmpty())
    }
    setOpen(false)
    openerRef.current?.focus()
  }

  const hint = 'Signez dans le cadre avec le doigt, un stylet ou la souris, comme sur papier.'
  const canvas = (
    <canvas
      ref={canvasRef}
      id="sign-pad"
      className="signing-pad__canvas"
      role="img"
      aria-label={sheet ? 'Cadre de signature' : drawn ? 'Cadre de signature : signature dessinée' : 'Cadre de signature, vide'}
      aria-describedby={['sign-pad-hint', describedBy].filter((id) => id !== undefined).join(' ')}
    />
  )

  if (sheet) {
    return (
      <div className="signing-pad">
        <button
          ref={openerRef}
          type="button"
          id="sign-pad-open"
          className="signing-pad__preview"
          onPointerDown={startInSheet}
          // The keyboard's Enter and Space (a pointer opened it already).
          onClick={() => {
            if (!open) openSheet()
          }}
          aria-describedby={describedBy}
        >
          {preview === null ? (
            'Signez ici avec le doigt (en plein écran)'
          ) : (
            <img src={preview} alt="Votre signature dessinée (toucher pour la modifier)" />
          )}
        </button>
        <p className="signing-pad__status" aria-live="polite">
          {drawn ? 'Signature dessinée.' : 'Pas encore de signature.'}
        </p>
        <SignatureSheet open={open} hint={hint} lastStep={lastStep} onClear={() => padRef.current?.clear()} onClose={closeSheet}>
          {canvas}
        </SignatureSheet>
      </div>
    )
  }

  return (
    <div className="signing-pad">
      <p className="field__hint" id="sign-pad-hint">
        {hint}
      </p>
      {canvas}
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
