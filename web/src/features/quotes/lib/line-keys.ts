// The editor's keyboard, as a rule apart from the components so it is tested in Node: in a row of
// the lines, Enter adds a line below (in the designation only on a wide screen, where Shift+Enter
// still breaks the line; on a phone Enter stays a line break), Alt+↑/↓ moves the row.

export type LineKeyAction = 'add-below' | 'move-up' | 'move-down' | null

export interface KeyPress {
  key: string
  altKey: boolean
  shiftKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  /** An input method composing a character: Enter confirms it, nothing else. */
  isComposing: boolean
}

/** What a key pressed in a row does; `control` is the tag name of the focused element. */
export function lineKeyAction(press: KeyPress, control: string, wide: boolean): LineKeyAction {
  if (press.isComposing || press.ctrlKey || press.metaKey) return null
  if (press.altKey && !press.shiftKey) {
    if (press.key === 'ArrowUp') return 'move-up'
    if (press.key === 'ArrowDown') return 'move-down'
    return null
  }
  if (press.key !== 'Enter' || press.altKey || press.shiftKey) return null
  if (control === 'INPUT') return 'add-below'
  if (control === 'TEXTAREA' && wide) return 'add-below'
  return null
}

/**
 * Where a dragged row lands: the number of the other rows whose middle is above the pointer,
 * which is its index once taken out of the list (what moveLineTo expects).
 */
export function dropIndex(middles: readonly number[], pointerY: number, from: number): number {
  return middles.filter((middle, index) => index !== from && middle < pointerY).length
}

/** The width from which the lines are a table (the CSS's 64rem at the default 16 px). */
export const WIDE_QUERY = '(min-width: 64rem)'
