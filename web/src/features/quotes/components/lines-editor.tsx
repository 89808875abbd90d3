import { useEffect, useState } from 'react'
import { TEXT_LIMITS } from '@paraphe/shared/quote'
import { lineControlId } from '../lib/field-ids'
import { newLineId } from '@paraphe/shared/line-id'
import { newLine, type EditorAction, type FieldErrors, type LineForm } from '../lib/quote-form'
import { LineCard } from './line-card'

export interface LinesEditorProps {
  lines: readonly LineForm[]
  lineHtCents: ReadonlyArray<number | null>
  errors: FieldErrors
  franchiseEnBase: boolean
  dispatch: (action: EditorAction) => void
}

/** Where the focus goes after a change to the list (the moved line's button, the new line…). */
type FocusRequest = { elementId: string; fallbackId?: string } | null

/**
 * The quote's lines: add, move (buttons, so it works with a keyboard, a screen reader and a
 * thumb), remove. Each change is announced, and the focus stays where the hand is.
 */
export function LinesEditor({ lines, lineHtCents, errors, franchiseEnBase, dispatch }: LinesEditorProps) {
  const [announcement, setAnnouncement] = useState('')
  const [focus, setFocus] = useState<FocusRequest>(null)

  useEffect(() => {
    if (focus === null) return
    const element = document.getElementById(focus.elementId)
    const target = element instanceof HTMLButtonElement && element.disabled && focus.fallbackId !== undefined ? document.getElementById(focus.fallbackId) : element
    target?.focus()
    setFocus(null)
  }, [focus, lines])

  const move = (id: string, by: -1 | 1) => {
    const from = lines.findIndex((line) => line.id === id)
    dispatch({ type: 'move-line', id, by })
    setAnnouncement(`Ligne ${from + 1} déplacée en position ${from + 1 + by}.`)
    const [same, other] = by === -1 ? ['up', 'down'] : ['down', 'up']
    setFocus({ elementId: `line-${id}-${same}`, fallbackId: `line-${id}-${other}` })
  }
  const remove = (id: string) => {
    const index = lines.findIndex((line) => line.id === id)
    dispatch({ type: 'remove-line', id })
    setAnnouncement(`Ligne ${index + 1} supprimée.`)
    const next = lines[index + 1] ?? lines[index - 1]
    setFocus({ elementId: next === undefined ? 'quote-add-line' : lineControlId(next.id, 'description') })
  }
  const add = () => {
    const line = newLine(newLineId(), lines.at(-1))
    dispatch({ type: 'add-line', line })
    setAnnouncement(`Ligne ${lines.length + 1} ajoutée.`)
    setFocus({ elementId: lineControlId(line.id, 'description') })
  }

  const full = lines.length >= TEXT_LIMITS.lineCount
  return (
    <div className="lines-editor">
      {lines.length === 0 ? <p className="lines-editor__empty">Aucune ligne pour l’instant.</p> : null}
      <ol className="lines-editor__list">
        {lines.map((line, index) => (
          <LineCard
            key={line.id}
            line={line}
            index={index}
            count={lines.length}
            htCents={lineHtCents[index] ?? null}
            errors={errors}
            franchiseEnBase={franchiseEnBase}
            dispatch={dispatch}
            onMove={move}
            onRemove={remove}
          />
        ))}
      </ol>
      {errors.lines === undefined ? null : (
        <p className="field__error" id="quote-lines-error">
          {errors.lines}
        </p>
      )}
      <button
        type="button"
        id="quote-add-line"
        className="button button--ghost"
        onClick={add}
        disabled={full}
        aria-describedby={errors.lines === undefined ? undefined : 'quote-lines-error'}
      >
        <span aria-hidden="true">+</span>&nbsp;Ajouter une ligne
      </button>
      {full ? <p className="hint">Un devis compte au plus {TEXT_LIMITS.lineCount} lignes.</p> : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  )
}
