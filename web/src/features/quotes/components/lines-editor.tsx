import { useEffect, useState, type KeyboardEvent } from 'react'
import { TEXT_LIMITS } from '@paraphe/shared/quote'
import { newLineId } from '@paraphe/shared/line-id'
import { lineControlId } from '../lib/field-ids'
import { lineKeyAction, WIDE_QUERY } from '../lib/line-keys'
import { isSectionForm, lastWorkLine, newLine, newSection, type EditorAction, type EditorLine, type FieldErrors } from '../lib/quote-form'
import { useLineDrag } from '../hooks/use-line-drag'
import { LineCard } from './line-card'
import { SectionCard } from './section-card'

export interface LinesEditorProps {
  lines: readonly EditorLine[]
  lineHtCents: ReadonlyArray<number | null>
  /** Subtotal HT of each section, in the lines' order (sectionSubtotals). */
  subtotals: ReadonlyArray<number | null>
  errors: FieldErrors
  franchiseEnBase: boolean
  dispatch: (action: EditorAction) => void
}

/** Where the focus goes after a change to the list (the moved line's button, the new line…). */
type FocusRequest = { elementId: string; fallbackId?: string } | null

/** « Ligne 3 » or « Section 2 », as the announcements and the buttons name a row. */
function rowName(lines: readonly EditorLine[], index: number): string {
  return isSectionForm(lines[index] as EditorLine) ? `Section ${index + 1}` : `Ligne ${index + 1}`
}

/**
 * The quote's lines and section headings: a card each on a phone, the rows of a table on a wide
 * screen. Add (a button, or Enter in a row), move (buttons, Alt+↑/↓, or dragging the handle),
 * remove. Each change is announced, and the focus stays where the hand is.
 */
export function LinesEditor({ lines, lineHtCents, subtotals, errors, franchiseEnBase, dispatch }: LinesEditorProps) {
  const [announcement, setAnnouncement] = useState('')
  const [focus, setFocus] = useState<FocusRequest>(null)

  useEffect(() => {
    if (focus === null) return
    const element = document.getElementById(focus.elementId)
    const target = element instanceof HTMLButtonElement && element.disabled && focus.fallbackId !== undefined ? document.getElementById(focus.fallbackId) : element
    target?.focus()
    setFocus(null)
  }, [focus, lines])

  const moved = (from: number, to: number) => setAnnouncement(`${rowName(lines, from)} déplacée en position ${to + 1}.`)
  const drag = useLineDrag('.lines-editor__list > li', (id, from, to) => {
    dispatch({ type: 'move-line-to', id, to })
    moved(from, to)
  })
  const move = (id: string, by: -1 | 1, keepFocus?: string) => {
    const from = lines.findIndex((line) => line.id === id)
    if (from + by < 0 || from + by >= lines.length) return
    dispatch({ type: 'move-line', id, by })
    moved(from, from + by)
    const [same, other] = by === -1 ? ['up', 'down'] : ['down', 'up']
    setFocus(keepFocus === undefined ? { elementId: `line-${id}-${same}`, fallbackId: `line-${id}-${other}` } : { elementId: keepFocus })
  }
  const remove = (id: string) => {
    const index = lines.findIndex((line) => line.id === id)
    dispatch({ type: 'remove-line', id })
    setAnnouncement(`${rowName(lines, index)} supprimée.`)
    const next = lines[index + 1] ?? lines[index - 1]
    setFocus({ elementId: next === undefined ? 'quote-add-line' : firstControlId(next) })
  }
  const add = (kind: 'line' | 'section', after?: string) => {
    const at = after === undefined ? lines.length : lines.findIndex((line) => line.id === after) + 1
    const line = kind === 'section' ? newSection(newLineId()) : newLine(newLineId(), lastWorkLine(lines.slice(0, at)))
    dispatch(after === undefined ? { type: 'add-line', line } : { type: 'add-line', line, after })
    setAnnouncement(`${kind === 'section' ? 'Section' : 'Ligne'} ${at + 1} ajoutée.`)
    setFocus({ elementId: firstControlId(line) })
  }
  const onRowKeyDown = (id: string, event: KeyboardEvent<HTMLElement>) => {
    const control = event.target instanceof HTMLElement ? event.target : null
    const action = lineKeyAction(event.nativeEvent, control?.tagName ?? '', window.matchMedia(WIDE_QUERY).matches)
    if (action === null) return
    event.preventDefault()
    if (action === 'add-below') {
      if (lines.length < TEXT_LIMITS.lineCount) add('line', id)
    } else move(id, action === 'move-up' ? -1 : 1, control?.id)
  }

  const full = lines.length >= TEXT_LIMITS.lineCount
  const describedBy = errors.lines === undefined ? undefined : 'quote-lines-error'
  return (
    <div className={franchiseEnBase ? 'lines-editor lines-editor--franchise' : 'lines-editor'}>
      {lines.length === 0 ? (
        <p className="lines-editor__empty">Aucune ligne pour l’instant.</p>
      ) : (
        <div className="lines-editor__head" aria-hidden="true">
          <span className="lines-editor__head-description">Désignation</span>
          <span>Qté</span>
          <span>Unité</span>
          <span>PU HT</span>
          {franchiseEnBase ? null : <span>TVA</span>}
          <span>Remise</span>
          <span className="lines-editor__head-total">Total HT</span>
        </div>
      )}
      <ol className="lines-editor__list">
        {lines.map((line, index) => {
          const common = {
            index,
            count: lines.length,
            dispatch,
            onMove: move,
            onRemove: remove,
            onKeyDown: onRowKeyDown,
            drag: drag.handleProps(line.id, index),
            dragging: drag.dragging?.id === line.id
          }
          return isSectionForm(line) ? (
            <SectionCard key={line.id} section={line} subtotalCents={subtotals[index] ?? 0} error={errors[`lines.${index}.title`]} {...common} />
          ) : (
            <LineCard key={line.id} line={line} htCents={lineHtCents[index] ?? null} errors={errors} franchiseEnBase={franchiseEnBase} {...common} />
          )
        })}
      </ol>
      {errors.lines === undefined ? null : (
        <p className="field__error" id="quote-lines-error">
          {errors.lines}
        </p>
      )}
      <div className="lines-editor__add">
        <button type="button" id="quote-add-line" className="button button--ghost" onClick={() => add('line')} disabled={full} aria-describedby={describedBy}>
          <span aria-hidden="true">+</span>&nbsp;Ajouter une ligne
        </button>
        <button type="button" id="quote-add-section" className="button button--ghost" onClick={() => add('section')} disabled={full}>
          <span aria-hidden="true">+</span>&nbsp;Ajouter une section
        </button>
      </div>
      {full ? <p className="hint">Un devis compte au plus {TEXT_LIMITS.lineCount} lignes.</p> : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  )
}

function firstControlId(line: EditorLine): string {
  return lineControlId(line.id, isSectionForm(line) ? 'title' : 'description')
}
