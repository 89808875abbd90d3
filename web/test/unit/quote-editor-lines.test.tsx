// The lines editor's sections, keyboard and drag rules, without a browser: sections in the form
// model (add after a line, rename, move, save and reload), their live subtotals, the keys of a row,
// where a dragged row lands, and what the rows, the sent quote and the editor show. The same
// editor is driven in Chromium by web/test/browser/quote-editor.test.ts.
import t from 'tap'
import type { PointerEvent, ReactNode } from 'react'
import { computeTotals } from '@paraphe/shared/quote-totals'
import type { Quote } from '@paraphe/shared/quote'
import { createApiClient } from '@/lib/api-client'
import { canonicalContent } from '@/features/quotes/lib/content'
import { controlIdOf } from '@/features/quotes/lib/field-ids'
import { dropIndex, lineKeyAction, WIDE_QUERY, type KeyPress } from '@/features/quotes/lib/line-keys'
import {
  editorReducer,
  formOf,
  isSectionForm,
  lastWorkLine,
  liveTotals,
  moveLineTo,
  newLine,
  newSection,
  readForm,
  type EditorAction,
  type EditorLine,
  type QuoteForm,
  type SectionForm
} from '@/features/quotes/lib/quote-form'
import { firstControlId, lineCommands, rowName, type FocusRequest, type RemovedRow } from '@/features/quotes/lib/line-commands'
import { dragHandlers, type DragState } from '@/features/quotes/lib/line-drag'
import { LinesEditor } from '@/features/quotes/components/lines-editor'
import { SectionCard } from '@/features/quotes/components/section-card'
import { DragHandle, RowTools } from '@/features/quotes/components/row-tools'
import { FrozenQuote } from '@/features/quotes/components/frozen-quote'
import { DraftScreen } from '@/features/quotes/components/draft-screen'
import { serverRender } from '../support/server-render.js'
import { DiscountField } from '@/features/quotes/components/discount-field'
import { UndoRemoval } from '@/features/quotes/components/undo-removal'
import { draftContent } from '../../../gateway/test/support/quote-content.js'

const noop = () => {}
const api = createApiClient({ getAccessToken: async () => null })

const render = (node: ReactNode) =>
  serverRender(node, { path: '/espace/devis/q1', config: { supabaseAnonKey: 'anon-key' }, workspace: { api, userId: 'u' } })

// Two sections of lines, everything else as the editor starts a draft.
const content = draftContent({
  lines: [
    { id: 's1', kind: 'section', title: 'Lot 1 — Plomberie' },
    { id: 'a', description: 'Dépose', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 35_000, vatRateBp: 1000, discountBp: 0 },
    { id: 'b', description: 'Main-d’œuvre', quantityMilli: 7500, unit: 'h', unitPriceCents: 4500, vatRateBp: 1000, discountBp: 0 },
    { id: 's2', kind: 'section', title: 'Lot 2 — Électricité' },
    { id: 'c', description: 'Tableau', quantityMilli: 1000, unit: 'u', unitPriceCents: 48_990, vatRateBp: 2000, discountBp: 0 }
  ]
})

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...modifiers
})

t.test('the keys of a row: Enter adds a line below, Alt+↑/↓ moves it, nothing else is taken', async (t) => {
  t.equal(lineKeyAction(press('Enter'), 'INPUT', false), 'add-below', 'Enter in a quantity or a price, on any screen')
  t.equal(lineKeyAction(press('Enter'), 'TEXTAREA', true), 'add-below', 'in the designation on a wide screen')
  t.equal(lineKeyAction(press('Enter'), 'TEXTAREA', false), null, 'on a phone Enter breaks the designation’s line')
  t.equal(lineKeyAction(press('Enter', { shiftKey: true }), 'TEXTAREA', true), null, 'Shift+Enter breaks the line')
  t.equal(lineKeyAction(press('Enter'), 'BUTTON', true), null, 'a button keeps its Enter')
  t.equal(lineKeyAction(press('Enter'), 'SELECT', true), null)
  t.equal(lineKeyAction(press('Enter', { isComposing: true }), 'INPUT', true), null, 'an input method’s Enter confirms its character')
  t.equal(lineKeyAction(press('Enter', { ctrlKey: true }), 'INPUT', true), null)
  t.equal(lineKeyAction(press('Enter', { altKey: true }), 'INPUT', true), null)
  t.equal(lineKeyAction(press('ArrowUp', { altKey: true }), 'SELECT', true), 'move-up')
  t.equal(lineKeyAction(press('ArrowDown', { altKey: true }), 'TEXTAREA', false), 'move-down')
  t.equal(lineKeyAction(press('ArrowDown', { altKey: true, shiftKey: true }), 'INPUT', true), null, 'Alt+Shift+↓ is the system’s')
  t.equal(lineKeyAction(press('ArrowLeft', { altKey: true }), 'INPUT', true), null)
  t.equal(lineKeyAction(press('ArrowUp', { metaKey: true }), 'INPUT', true), null)
  t.equal(lineKeyAction(press('Tab'), 'INPUT', true), null, 'Tab moves across the fields as usual')
  t.equal(WIDE_QUERY, '(min-width: 64rem)')
})

t.test('a dragged row lands before the first row whose middle is below the pointer', async (t) => {
  const middles = [50, 150, 250, 350]
  t.equal(dropIndex(middles, 10, 2), 0, 'above everything: first')
  t.equal(dropIndex(middles, 200, 0), 1, 'the first dragged between the 2nd and the 3rd')
  t.equal(dropIndex(middles, 260, 0), 2)
  t.equal(dropIndex(middles, 999, 0), 3, 'below everything: last')
  t.equal(dropIndex(middles, 160, 1), 1, 'over its own place: it stays')
  t.equal(dropIndex(middles, 100, 3), 1, 'the last dragged up between the 1st and the 2nd')
})

t.test('sections in the form: loaded, renamed, added after a line, moved, saved as they were', async (t) => {
  const form = formOf(content)
  t.same(form.lines[0], { id: 's1', kind: 'section', title: 'Lot 1 — Plomberie' })
  t.ok(isSectionForm(form.lines[3] as SectionForm))
  const read = readForm(form)
  t.ok(read.ok)
  if (read.ok) t.same(read.content, canonicalContent(content), 'saved as loaded, headings in place')
  t.same(canonicalContent(content).lines[0], { id: 's1', kind: 'section', title: 'Lot 1 — Plomberie' })

  const renamed = editorReducer(form, { type: 'section-title', id: 's2', value: 'Lot 2 — Sanitaires' })
  t.same(renamed.lines[3], { id: 's2', kind: 'section', title: 'Lot 2 — Sanitaires' })
  t.same(editorReducer(form, { type: 'section-title', id: 'a', value: 'x' }).lines[1], form.lines[1], 'a line of work has no title')
  t.same(
    editorReducer(form, { type: 'line', id: 's1', key: 'description', value: 'x' }).lines[0],
    form.lines[0],
    'a heading has no designation'
  )

  const below = editorReducer(form, { type: 'add-line', line: newLine('n', lastWorkLine(form.lines.slice(0, 3))), after: 'b' })
  t.same(
    below.lines.map((line) => line.id),
    ['s1', 'a', 'b', 'n', 's2', 'c'],
    'Enter adds the new line right below'
  )
  t.equal((below.lines[3] as { vatRateBp: number }).vatRateBp, 1000, 'with the rate of the line above')
  t.same(
    editorReducer(form, { type: 'add-line', line: newSection('z') }).lines.at(-1),
    { id: 'z', kind: 'section', title: '' },
    'a section at the end'
  )
  t.same(
    editorReducer(form, { type: 'add-line', line: newSection('z'), after: 'gone' }).lines.at(-1)?.id,
    'z',
    'after a line removed meanwhile: at the end'
  )
  t.equal(lastWorkLine([newSection('x')]), undefined, 'no line of work above: the default rate')

  t.same(
    editorReducer(form, { type: 'move-line-to', id: 'c', to: 1 }).lines.map((line) => line.id),
    ['s1', 'c', 'a', 'b', 's2'],
    'dropped into the first section'
  )
  t.same(
    moveLineTo(form.lines, 'c', 9).map((line) => line.id),
    form.lines.map((line) => line.id),
    'outside the list: unchanged'
  )
  t.same(
    moveLineTo(form.lines, 'nope', 0).map((line) => line.id),
    form.lines.map((line) => line.id)
  )

  t.equal(controlIdOf('lines.3.title', form), 'line-s2-title', 'a refusal on a heading lands on its title')
})

t.test('live subtotals follow the typing; a line with an unreadable value counts for 0 until fixed', async (t) => {
  const form = formOf(content)
  const live = liveTotals(form, false)
  t.same(live.subtotals, [68_750, null, null, 48_990, null], 'per section, in the lines’ order')
  t.same(live.lineHtCents, [0, 35_000, 33_750, 0, 48_990])
  t.equal(live.totals?.totalHtCents, computeTotals(content.lines, { franchiseEnBase: false, depositBp: 0 }).totalHtCents)
  const typing: QuoteForm = editorReducer(form, { type: 'line', id: 'b', key: 'quantity', value: '7,5,' })
  const partial = liveTotals(typing, false)
  t.same(partial.subtotals, [35_000, null, null, 48_990, null])
  t.equal(partial.skipped, 1)
})

const rowProps = {
  count: 3,
  onMove: noop,
  onRemove: noop,
  onKeyDown: noop,
  drag: { onPointerDown: noop, onPointerMove: noop, onPointerUp: noop, onPointerCancel: noop },
  dragging: false
}

t.test('a section’s row: its title labelled, its subtotal, its tools named after it', async (t) => {
  const html = render(
    <SectionCard
      section={{ id: 's1', kind: 'section', title: 'Lot 1 — Plomberie' }}
      subtotalCents={68_750}
      error={undefined}
      dispatch={noop}
      index={0}
      {...rowProps}
    />
  )
  t.match(html, /<li class="line-card line-card--section" data-line-id="s1">/)
  t.match(html, /<legend class="line-card__legend">Section \(ligne 1\)<\/legend>/)
  t.match(
    html,
    /<label for="line-s1-title">Titre de la section<\/label><input id="line-s1-title"[^>]*maxLength="120" placeholder="Lot 1 — Plomberie"[^>]*value="Lot 1 — Plomberie"/
  )
  t.match(html, /<span class="line-card__total-label">Sous-total HT : <\/span><strong>687,50 €<\/strong>/)
  t.match(html, /disabled="" aria-label="Monter la section 1"/, 'the first row cannot go up')
  t.match(html, /aria-label="Descendre la section 1"/)
  t.match(html, /aria-label="Supprimer la section 1"/)
  t.notMatch(html, /mes articles/, 'a heading is not an item to save')
  const refused = render(
    <SectionCard
      section={{ id: 's1', kind: 'section', title: '' }}
      subtotalCents={0}
      error="Donnez un titre à cette section."
      dispatch={noop}
      index={2}
      {...rowProps}
      dragging
    />
  )
  t.match(refused, /class="line-card line-card--section line-card--dragging"/, 'the dragged row is marked')
  t.match(refused, /aria-invalid="true" aria-describedby="line-s1-title-error"/)
  t.match(refused, /disabled="" aria-label="Descendre la section 3"/, 'the last row cannot go down')

  t.equal(
    render(<DragHandle label="ligne 2" {...rowProps.drag} />),
    '<span class="line-card__handle" title="Glisser pour déplacer la ligne 2" aria-hidden="true">⠿</span>',
    'the handle is for the pointer only'
  )
  t.match(
    render(<RowTools id="x" name="la ligne 2" index={1} count={3} onMove={noop} onRemove={noop} />),
    /<span aria-hidden="true">↑<\/span><span class="line-card__tool-text">Monter<\/span>/
  )
})

t.test('the editor’s rows: a table header on wide screens, sections among the lines, both add buttons', async (t) => {
  const form = formOf(content)
  const live = liveTotals(form, false)
  const html = render(
    <LinesEditor
      lines={form.lines}
      lineHtCents={live.lineHtCents}
      subtotals={live.subtotals}
      errors={{ 'lines.3.title': 'Titre ?' }}
      franchiseEnBase={false}
      dispatch={noop}
    />
  )
  t.match(
    html,
    /<div class="lines-editor__head" aria-hidden="true"><span class="lines-editor__head-description">Désignation<\/span><span>Qté<\/span><span>Unité<\/span><span>PU HT<\/span><span>TVA<\/span><span class="lines-editor__head-total">Total HT<\/span><\/div>/
  )
  const rows = [...html.matchAll(/<li class="([^"]+)" data-line-id="(\w+)"/g)].map((match) => `${match[2]}:${match[1]}`)
  t.same(rows, ['s1:line-card line-card--section', 'a:line-card', 'b:line-card', 's2:line-card line-card--section', 'c:line-card'])
  t.match(html, /Sous-total HT : <\/span><strong>687,50 €<\/strong>[\s\S]*Sous-total HT : <\/span><strong>489,90 €<\/strong>/)
  t.match(html, /<p class="field__error" id="line-s2-title-error">Titre \?<\/p>/)
  t.match(html, /aria-label="Monter la ligne 2"/, 'the lines are named by their position')
  t.match(
    html,
    /id="quote-add-line"[^>]*>[\s\S]*Ajouter une ligne<\/button><button type="button" id="quote-add-section" class="button button--ghost"><span aria-hidden="true">\+<\/span> Ajouter une section<\/button>/
  )
  const franchise = render(
    <LinesEditor lines={form.lines} lineHtCents={live.lineHtCents} subtotals={live.subtotals} errors={{}} franchiseEnBase dispatch={noop} />
  )
  t.match(franchise, /<div class="lines-editor lines-editor--franchise">/)
  t.notMatch(franchise, /<span>TVA<\/span>/, 'no VAT column under the franchise en base')
  const full = render(
    <LinesEditor
      lines={Array.from({ length: 200 }, (_, index) => newSection(`s${index}`))}
      lineHtCents={[]}
      subtotals={[]}
      errors={{}}
      franchiseEnBase={false}
      dispatch={noop}
    />
  )
  t.match(full, /id="quote-add-section" class="button button--ghost" disabled=""/, 'no more sections past the limit')
  t.match(full, /Un devis compte au plus 200 lignes./)
})

t.test('a sent quote with sections: headings, lines and subtotals, read-only; the draft page with its side panel', async (t) => {
  const quote: Quote = {
    ...content,
    id: 'q1',
    number: 'DEV-2026-0007',
    status: 'sent',
    franchiseEnBase: false,
    totals: computeTotals(content.lines, { franchiseEnBase: false, depositBp: 0 }),
    version: 3,
    createdAt: '2026-11-20T09:00:00Z',
    updatedAt: '2026-11-21T13:05:00Z',
    sentAt: '2026-11-21T13:05:00Z',
    expiresOn: '2026-12-21',
    replacedBy: null
  }
  const frozen = render(<FrozenQuote quote={quote} />)
  t.match(
    frozen,
    /<li class="line-summary line-summary--section"><p class="line-summary__section">Lot 1 — Plomberie<\/p><\/li><li class="line-summary">[\s\S]*Dépose/
  )
  t.match(
    frozen,
    /<li class="line-summary line-summary--subtotal"><p class="line-summary__total">Sous-total Lot 1 — Plomberie : <strong>687,50 €<\/strong> HT<\/p><\/li><li class="line-summary line-summary--section"><p class="line-summary__section">Lot 2 — Électricité/
  )
  t.match(frozen, /Sous-total Lot 2 — Électricité : <strong>489,90 €<\/strong>/)

  const draft = render(
    <DraftScreen quote={{ ...quote, status: 'draft', number: null, sentAt: null, expiresOn: null }} onSent={noop} onReload={noop} />
  )
  t.match(draft, /<article class="quote-page quote-page--draft">/)
  t.notMatch(draft, /class="badge"/, 'the heading says « Brouillon »: no badge repeating it')
  t.match(
    draft,
    /<\/form><aside class="quote-side" id="quote-side" aria-label="Totaux et actions"><section class="totals"[\s\S]*<button id="quote-send" type="button" class="button button--primary" aria-haspopup="dialog">Envoyer le devis<\/button>[\s\S]*<\/aside><div class="quote-phone-bar">[\s\S]*Envoyer…<\/button><\/div><\/div><\/article>/,
    'totals and actions after the form; the phone bar last'
  )
  t.match(draft, /Sous-total HT : <\/span><strong>687,50 €<\/strong>/, 'the editor shows the subtotals')
})

function recorder(lines: readonly EditorLine[]) {
  const actions: EditorAction[] = []
  const said: string[] = []
  const focused: FocusRequest[] = []
  const removed: RemovedRow[] = []
  let next = 0
  const commands = lineCommands(lines, {
    dispatch: (action) => actions.push(action),
    announce: (text) => said.push(text),
    focus: (request) => focused.push(request),
    newId: () => `n${++next}`,
    removed: (row) => removed.push(row)
  })
  return { commands, actions, said, focused, removed }
}

t.test('the editor’s commands: each change, its announcement and where the focus goes', async (t) => {
  const lines = formOf(content).lines
  const add = recorder(lines)
  add.commands.add('line', 'a')
  t.match(add.actions, [{ type: 'add-line', after: 'a', line: { id: 'n1', vatRateBp: 1000 } }], 'below the line, at its rate')
  t.same(add.said, ['Ligne 3 ajoutée.'])
  t.same(add.focused, [{ elementId: 'line-n1-description' }])
  add.commands.add('section')
  t.same(add.actions[1], { type: 'add-line', line: { id: 'n2', kind: 'section', title: '' } }, 'a section at the end')
  t.same(add.said[1], 'Section 6 ajoutée.')
  t.same(add.focused[1], { elementId: 'line-n2-title' }, 'its title takes the focus')
  const full = recorder(Array.from({ length: 200 }, (_, index) => newSection(`s${index}`)))
  full.commands.add('line')
  t.same(full.actions, [], 'nothing past the limit')

  const move = recorder(lines)
  move.commands.move('b', -1)
  t.same(move.actions, [{ type: 'move-line', id: 'b', by: -1 }])
  t.same(move.said, ['Ligne 3 déplacée en position 2.'])
  t.same(move.focused, [{ elementId: 'line-b-up', fallbackId: 'line-b-down' }], 'the same button, or the other one at an end')
  move.commands.move('s2', 1, 'line-s2-title')
  t.same(move.said[1], 'Section (ligne 4) déplacée en position 5.')
  t.same(move.focused[1], { elementId: 'line-s2-title' }, 'a key keeps the focus where it is')
  move.commands.move('s1', -1)
  move.commands.move('c', 1)
  move.commands.move('gone', 1)
  t.equal(move.actions.length, 2, 'nothing beyond either end')

  const drop = recorder(lines)
  drop.commands.drop('c', 1)
  drop.commands.drop('a', 1)
  drop.commands.drop('gone', 0)
  t.same(drop.actions, [{ type: 'move-line-to', id: 'c', to: 1 }], 'a row dropped where it was stays, unannounced')
  t.same(drop.said, ['Ligne 5 déplacée en position 2.'])

  const remove = recorder(lines)
  remove.commands.remove('b')
  remove.commands.remove('c')
  t.same(remove.actions, [
    { type: 'remove-line', id: 'b' },
    { type: 'remove-line', id: 'c' }
  ])
  t.same(
    remove.removed.map((row) => [row.line.id, row.at, row.name]),
    [
      ['b', 2, 'Ligne 3'],
      ['c', 4, 'Ligne 5']
    ],
    'each removal is offered for « Annuler », with its place and its content'
  )
  t.same(remove.said, [], 'the banner « Ligne 3 supprimée — Annuler » is what announces it')
  t.same(remove.focused, [{ elementId: 'line-s2-title' }, { elementId: 'line-s2-title' }], 'the next row, or the previous one at the end')
  remove.commands.remove('gone')
  t.equal(remove.actions.length, 2, 'a row already gone: nothing')
  const byKey = recorder(lines)
  byKey.commands.remove('b', true)
  t.same(byKey.focused, [{ elementId: 'quote-undo-remove' }], 'from the keyboard, the focus goes to « Annuler »')
  const undo = recorder(lines.filter((line) => line.id !== 'b'))
  undo.commands.restore(remove.removed[0] as RemovedRow)
  t.same(undo.actions, [{ type: 'restore-line', line: lines[2], at: 2 }])
  t.same(undo.said, ['Ligne 3 rétablie.'])
  t.same(undo.focused, [{ elementId: firstControlId(lines[2] as EditorLine) }], 'the focus back in the restored row')
  const shorter = recorder([newSection('only')])
  shorter.commands.restore({ line: lines[2] as EditorLine, at: 4, name: 'Ligne 5' })
  t.same(shorter.actions, [{ type: 'restore-line', line: lines[2], at: 1 }], 'a place past the end: at the end')
  const last = recorder([newSection('only')])
  last.commands.remove('only')
  t.same(last.focused, [{ elementId: 'quote-add-line' }], 'the last row gone: « Ajouter une ligne »')
  t.equal(rowName([], 0), 'Ligne 1')
  t.equal(firstControlId(newSection('x')), 'line-x-title')

  const keys = recorder(lines)
  t.ok(keys.commands.key('a', press('Enter'), { tagName: 'INPUT', id: 'line-a-price' }, true))
  t.ok(keys.commands.key('a', press('ArrowDown', { altKey: true }), { tagName: 'SELECT', id: 'line-a-unit' }, true))
  t.ok(keys.commands.key('c', press('ArrowUp', { altKey: true }), { tagName: 'TEXTAREA', id: 'line-c-description' }, false))
  t.notOk(keys.commands.key('a', press('Tab'), { tagName: 'INPUT', id: 'line-a-price' }, true), 'a key it does not take goes on')
  t.match(keys.actions, [
    { type: 'add-line', after: 'a' },
    { type: 'move-line', id: 'a', by: 1 },
    { type: 'move-line', id: 'c', by: -1 }
  ])
  t.same(keys.focused.slice(1), [{ elementId: 'line-a-unit' }, { elementId: 'line-c-description' }])
})

t.test('dragging by the handle: captured on press, the landing follows the pointer, dropped on release', async (t) => {
  let state: DragState = null
  const from = { current: -1 }
  const dropped: Array<[string, number]> = []
  let captured = 0
  let prevented = 0
  const handlers = () =>
    dragHandlers('b', 1, {
      dragging: state,
      setDragging: (next) => {
        state = next
      },
      from,
      middles: () => [50, 150, 250],
      onDrop: (id, to) => dropped.push([id, to]),
      capture: () => {
        captured += 1
      }
    })
  const pointer = (clientY: number, button = 0) =>
    ({ button, clientY, preventDefault: () => (prevented += 1) }) as unknown as PointerEvent<HTMLElement>
  handlers().onPointerMove(pointer(300))
  handlers().onPointerUp(pointer(300))
  t.same(dropped, [], 'no drag without a press')
  handlers().onPointerDown(pointer(150, 2))
  t.equal(state, null, 'the secondary button does not drag')
  handlers().onPointerDown(pointer(150))
  t.same(state, { id: 'b', to: 1 })
  t.equal(captured, 1, 'the handle keeps the pointer')
  t.equal(prevented, 1, 'no text selection while dragging')
  handlers().onPointerMove(pointer(300))
  t.same(state, { id: 'b', to: 2 }, 'below the last row: last')
  handlers().onPointerUp(pointer(10))
  t.same(dropped, [['b', 0]], 'dropped above the first')
  t.equal(state, null)
  handlers().onPointerDown(pointer(150))
  handlers().onPointerCancel()
  t.equal(state, null, 'a cancelled drag leaves the row')
})

type Element = { type: unknown; props: Record<string, unknown> & { children?: unknown } }
/** The elements of a tree returned by a function component (not rendered: its handlers are called as the browser would). */
function elements(node: unknown): Element[] {
  if (Array.isArray(node)) return node.flatMap(elements)
  if (node === null || typeof node !== 'object' || !('props' in node)) return []
  const element = node as Element
  return [element, ...elements(element.props.children)]
}

t.test('a row’s controls call the editor: move, remove, rename, keys, drag', async (t) => {
  const calls: string[] = []
  const props = {
    index: 1,
    count: 3,
    onMove: (id: string, by: number) => calls.push(`move ${id} ${by}`),
    onRemove: (id: string, byKeyboard: boolean) => calls.push(`remove ${id}${byKeyboard ? ' by keyboard' : ''}`),
    onKeyDown: (id: string) => calls.push(`key ${id}`),
    drag: rowProps.drag,
    dragging: false,
    dispatch: (action: EditorAction) => calls.push(JSON.stringify(action))
  }
  // The memoised row's own function (SectionCard.type), called as React would.
  const section = elements(
    SectionCard.type({ section: { id: 's1', kind: 'section', title: 'Lot' }, subtotalCents: 0, error: undefined, ...props })
  )
  const row = section[0] as Element
  ;(row.props.onKeyDown as (event: unknown) => void)({})
  const title = section.find((element) => element.props.id === 'line-s1-title') as Element
  ;(title.props.onChange as (value: string) => void)('Lot 1')
  const tools = elements(RowTools({ id: 's1', name: 'la section 2', ...props }))
  // A mouse click counts 1; Enter or Space on the button, 0.
  for (const button of tools.filter((element) => element.type === 'button'))
    (button.props.onClick as (event: { detail: number }) => void)({ detail: 1 })
  ;(tools.at(-1)?.props.onClick as (event: { detail: number }) => void)({ detail: 0 })
  t.same(calls, [
    'key s1',
    '{"type":"section-title","id":"s1","value":"Lot 1"}',
    'move s1 -1',
    'move s1 1',
    'remove s1',
    'remove s1 by keyboard'
  ])
})

t.test('a discount shows its unit; the banner after a removal names the row and offers « Annuler »', async (t) => {
  const field = render(
    <DiscountField id="line-a-discount" lineNumber={2} value="50" unit="euros" error="Trop grand." onChange={noop} onUnit={noop} />
  )
  t.match(field, /<label for="line-a-discount">Remise<span class="field__optional"> \(facultatif\)<\/span><\/label>/)
  t.match(
    field,
    /<input id="line-a-discount"[^>]*aria-invalid="true" aria-describedby="line-a-discount-error"[^>]*value="50"\/>/,
    'the error read with the field'
  )
  t.match(
    field,
    /<select id="line-a-discount-unit"[^>]*aria-label="Unité de la remise, ligne 2"><option value="percent">%<\/option><option value="euros" selected="">€<\/option><\/select>/
  )
  t.match(field, /<p class="field__error" id="line-a-discount-error">Trop grand\.<\/p>/)
  t.notMatch(
    render(<DiscountField id="x" lineNumber={1} value="" unit="percent" error={undefined} onChange={noop} onUnit={noop} />),
    /aria-invalid|field__error/
  )

  const row = { line: newSection('s9'), at: 3, name: 'Ligne 4' }
  t.equal(
    render(<UndoRemoval removed={null} onUndo={noop} onExpire={noop} />),
    '<div class="undo-removal" role="status"></div>',
    'an empty live region, ready to announce'
  )
  t.equal(
    render(<UndoRemoval removed={row} onUndo={noop} onExpire={noop} />),
    '<div class="undo-removal undo-removal--shown" role="status"><span class="undo-removal__text">Ligne 4 supprimée</span><button type="button" id="quote-undo-remove" class="button button--small undo-removal__button">Annuler</button></div>'
  )
})
