import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { TEXT_LIMITS } from '@paraphe/shared/quote'
import { newLineId } from '@paraphe/shared/line-id'
import { lineCommands, type FocusRequest, type RemovedRow } from '../lib/line-commands'
import { WIDE_QUERY } from '../lib/line-keys'
import { isSectionForm, type EditorAction, type EditorLine, type FieldErrors } from '../lib/quote-form'
import { useLineDrag } from '../hooks/use-line-drag'
import { mediaQueryList, useMediaQuery } from '@/hooks/use-media-query'
import { UNIT_OPTIONS, UNIT_SHORT_OPTIONS } from '@/lib/line-options'
import { LineCard, lineErrorsOf, NO_LINE_ERRORS, type LineErrors } from './line-card'
import { QuoteVatField } from './quote-vat-field'
import { SectionCard } from './section-card'
import { UndoRemoval } from './undo-removal'

/**
 * From this many rows, the ones out of view are skipped at each key (CSS content-visibility): the
 * page lays out and paints the rows on screen only. Shorter quotes are drawn whole.
 */
export const LONG_QUOTE_LINES = 40

export interface LinesEditorProps {
  lines: readonly EditorLine[]
  lineHtCents: ReadonlyArray<number | null>
  /** Subtotal HT of each section, in the lines' order (sectionSubtotals). */
  subtotals: ReadonlyArray<number | null>
  errors: FieldErrors
  franchiseEnBase: boolean
  dispatch: (action: EditorAction) => void
}

/**
 * The quote's lines and section headings: a card each on a phone, the rows of a table on a wide
 * screen. Add (a button, or Enter in a row), move (buttons, Alt+↑/↓, or dragging the handle),
 * remove (lib/line-commands.ts). Each change is announced, and the focus stays where the hand is.
 */
export function LinesEditor({ lines, lineHtCents, subtotals, errors, franchiseEnBase, dispatch }: LinesEditorProps) {
  const [announcement, setAnnouncement] = useState('')
  const [focus, setFocus] = useState<FocusRequest | null>(null)
  // The last row removed, while « Annuler » is offered (one at a time: a new removal replaces it).
  const [removed, setRemoved] = useState<RemovedRow | null>(null)
  const forget = useCallback(() => setRemoved(null), [])

  useEffect(() => {
    if (focus === null) return
    const element = document.getElementById(focus.elementId)
    const target =
      element instanceof HTMLButtonElement && element.disabled && focus.fallbackId !== undefined
        ? document.getElementById(focus.fallbackId)
        : element
    target?.focus()
    setFocus(null)
  }, [focus, lines])

  // The table (wide screens) names the units short; a phone's card has room for « m² (mètre carré) ».
  const unitOptions = useMediaQuery(WIDE_QUERY) ? UNIT_SHORT_OPTIONS : UNIT_OPTIONS
  const commands = lineCommands(lines, { dispatch, announce: setAnnouncement, focus: setFocus, newId: newLineId, removed: setRemoved })
  // The rows get handlers that never change and call the commands of the latest lines: with
  // memoised rows, a key typed in one row of 200 draws that row only.
  const latest = useRef(commands)
  latest.current = commands
  const rowHandlers = useMemo(
    () => ({
      onMove: (id: string, by: -1 | 1) => latest.current.move(id, by),
      onRemove: (id: string, byKeyboard: boolean) => latest.current.remove(id, byKeyboard),
      onKeyDown: (id: string, event: KeyboardEvent<HTMLElement>) => {
        const control = event.target instanceof HTMLElement ? event.target : document.body
        if (latest.current.key(id, event.nativeEvent, control, mediaQueryList(WIDE_QUERY).matches)) event.preventDefault()
      }
    }),
    []
  )
  const drag = useLineDrag('.lines-editor__list > li', commands.drop)
  // Each line's own errors, the same object while they do not change (see lineErrorsOf).
  const lineErrors = useRef(new Map<string, LineErrors>())
  const anyLineError = Object.keys(errors).some((path) => path.startsWith('lines.'))

  const full = lines.length >= TEXT_LIMITS.lineCount
  const describedBy = errors.lines === undefined ? undefined : 'quote-lines-error'
  return (
    <div
      className={[
        'lines-editor',
        franchiseEnBase ? 'lines-editor--franchise' : null,
        lines.length >= LONG_QUOTE_LINES ? 'lines-editor--long' : null
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {franchiseEnBase || !lines.some((line) => !isSectionForm(line)) ? null : <QuoteVatField lines={lines} dispatch={dispatch} />}
      {lines.length === 0 ? (
        <p className="lines-editor__empty">Aucune ligne pour l’instant.</p>
      ) : (
        <div className="lines-editor__head" aria-hidden="true">
          <span className="lines-editor__head-description">Désignation</span>
          <span>Qté</span>
          <span>Unité</span>
          <span>PU HT</span>
          {franchiseEnBase ? null : <span>TVA</span>}
          <span className="lines-editor__head-total">Total HT</span>
        </div>
      )}
      <ol className="lines-editor__list">
        {lines.map((line, index) => {
          const common = {
            index,
            count: lines.length,
            dispatch,
            ...rowHandlers,
            drag: drag.handleProps(line.id, index),
            dragging: drag.dragging?.id === line.id,
            dropMark: drag.markAt(index)
          }
          if (isSectionForm(line)) {
            return (
              <SectionCard
                key={line.id}
                section={line}
                subtotalCents={subtotals[index] ?? 0}
                error={errors[`lines.${index}.title`]}
                {...common}
              />
            )
          }
          // Without any line error (the usual case), no row looks its errors up: 200 rows × 6 fields at each key otherwise.
          const own = anyLineError ? lineErrorsOf(errors, index, lineErrors.current.get(line.id)) : NO_LINE_ERRORS
          if (anyLineError) lineErrors.current.set(line.id, own)
          return (
            <LineCard
              key={line.id}
              line={line}
              htCents={lineHtCents[index] ?? null}
              errors={own}
              franchiseEnBase={franchiseEnBase}
              unitOptions={unitOptions}
              {...common}
            />
          )
        })}
      </ol>
      <UndoRemoval
        removed={removed}
        onUndo={(row) => {
          setRemoved(null)
          commands.restore(row)
        }}
        onExpire={forget}
      />
      {errors.lines === undefined ? null : (
        <p className="field__error" id="quote-lines-error">
          {errors.lines}
        </p>
      )}
      <div className="lines-editor__add">
        <button
          type="button"
          id="quote-add-line"
          className="button button--ghost"
          onClick={() => commands.add('line')}
          disabled={full}
          aria-describedby={describedBy}
        >
          <span aria-hidden="true">+</span>&nbsp;Ajouter une ligne
        </button>
        <button
          type="button"
          id="quote-add-section"
          className="button button--ghost"
          onClick={() => commands.add('section')}
          disabled={full}
        >
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
