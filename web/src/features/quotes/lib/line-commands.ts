// What the lines editor does on a button, a key or a drop, apart from React so each command is
// tested in Node: the change to the form, the sentence announced to screen readers, and where
// the focus goes next (an element id, with a fallback when that button is disabled).
import { TEXT_LIMITS } from '@paraphe/shared/quote'
import { lineControlId, UNDO_BUTTON_ID } from './field-ids'
import { lineKeyAction, type KeyPress } from './line-keys'
import { isSectionForm, lastWorkLine, newLine, newSection, type EditorAction, type EditorLine } from './quote-form'

export type FocusRequest = { elementId: string; fallbackId?: string }

/** A row just removed, as « Annuler » puts it back: where it was, what it held, how it is named. */
export interface RemovedRow {
  line: EditorLine
  at: number
  name: string
}

export interface LineCommandEffects {
  dispatch: (action: EditorAction) => void
  announce: (text: string) => void
  focus: (request: FocusRequest) => void
  newId: () => string
  /** A row was removed: the editor offers to undo it (its banner is what announces it). */
  removed: (row: RemovedRow) => void
}

/** « Ligne 3 » or « Section (ligne 2) », as the announcements name a row by its position. */
export function rowName(lines: readonly EditorLine[], index: number): string {
  const line = lines[index]
  return line !== undefined && isSectionForm(line) ? `Section (ligne ${index + 1})` : `Ligne ${index + 1}`
}

/** The control a row's focus starts at: a section's title, a line's designation. */
export function firstControlId(line: EditorLine): string {
  return lineControlId(line.id, isSectionForm(line) ? 'title' : 'description')
}

export function lineCommands(lines: readonly EditorLine[], effects: LineCommandEffects) {
  const { dispatch, announce, focus } = effects
  const moved = (from: number, to: number) => announce(`${rowName(lines, from)} déplacée en position ${to + 1}.`)
  const indexOf = (id: string) => lines.findIndex((line) => line.id === id)

  /** By a button (the focus goes to the same button, or the other one at an end) or a key (it stays on `keepFocus`). */
  const move = (id: string, by: -1 | 1, keepFocus?: string) => {
    const from = indexOf(id)
    if (from === -1 || from + by < 0 || from + by >= lines.length) return
    dispatch({ type: 'move-line', id, by })
    moved(from, from + by)
    const [same, other] = by === -1 ? ['up', 'down'] : ['down', 'up']
    focus(keepFocus === undefined ? { elementId: `line-${id}-${same}`, fallbackId: `line-${id}-${other}` } : { elementId: keepFocus })
  }
  const drop = (id: string, to: number) => {
    const from = indexOf(id)
    if (from === -1 || from === to) return
    dispatch({ type: 'move-line-to', id, to })
    moved(from, to)
  }
  /** By the row's button; from the keyboard, the focus goes to « Annuler » so the undo is one key away. */
  const remove = (id: string, byKeyboard = false) => {
    const index = indexOf(id)
    const line = lines[index]
    if (line === undefined) return
    dispatch({ type: 'remove-line', id })
    effects.removed({ line, at: index, name: rowName(lines, index) })
    const next = lines[index + 1] ?? lines[index - 1]
    focus({ elementId: byKeyboard ? UNDO_BUTTON_ID : next === undefined ? 'quote-add-line' : firstControlId(next) })
  }
  /** « Annuler »: the row back where it was, the focus in it. */
  const restore = (row: RemovedRow) => {
    if (lines.length >= TEXT_LIMITS.lineCount) return
    dispatch({ type: 'restore-line', line: row.line, at: Math.min(row.at, lines.length) })
    announce(`${row.name} rétablie.`)
    focus({ elementId: firstControlId(row.line) })
  }
  /** At the end, or right below the row `after`. */
  const add = (kind: 'line' | 'section', after?: string) => {
    if (lines.length >= TEXT_LIMITS.lineCount) return
    const at = after === undefined ? lines.length : indexOf(after) + 1
    const line = kind === 'section' ? newSection(effects.newId()) : newLine(effects.newId(), lastWorkLine(lines.slice(0, at)))
    dispatch(after === undefined ? { type: 'add-line', line } : { type: 'add-line', line, after })
    announce(`${kind === 'section' ? 'Section' : 'Ligne'} ${at + 1} ajoutée.`)
    focus({ elementId: firstControlId(line) })
  }
  /** A key pressed in the row `id`, on the control `control`; true when the editor took it. */
  const key = (id: string, press: KeyPress, control: { tagName: string; id: string }, wide: boolean): boolean => {
    const action = lineKeyAction(press, control.tagName, wide)
    if (action === null) return false
    if (action === 'add-below') add('line', id)
    else move(id, action === 'move-up' ? -1 : 1, control.id)
    return true
  }
  return { move, drop, remove, restore, add, key }
}
