// The quote editor's rules, without a browser: amounts typed the French way, the errors each
// value gets (keyed like the gateway's `fields`), the line operations, and the live totals —
// which must be exactly what the server computes from the saved content.
import t from 'tap'
import { newLineId } from '@paraphe/shared/line-id'
import fc from 'fast-check'
import { VAT_RATES_BP } from '@paraphe/shared/money'
import { UNITS, type QuoteContent, type QuoteLine } from '@paraphe/shared/quote'
import { computeTotals, lineGrossCents, LIMITS } from '@paraphe/shared/quote-totals'
import { canonicalContent } from '@/features/quotes/lib/content'
import { controlIdOf, lineControlId } from '@/features/quotes/lib/field-ids'
import { filtersFromSearch, hasFilters, NO_FILTERS, searchOfFilters } from '@/features/quotes/lib/list-filters'
import { formatCentsInput, formatQuantityInput } from '@paraphe/shared/decimal-input'
import { formatPercentInput, parsePercentToBp } from '@/lib/percent'
import {
  editorReducer,
  formOf,
  lastWorkLine,
  liveTotals,
  moveLine,
  newLine,
  readForm,
  type LineForm,
  type QuoteForm
} from '@/features/quotes/lib/quote-form'
import { listPath } from '@/features/quotes/api/quotes-api'
import { draftContent } from '../../../gateway/test/support/quote-content.js'

const content = (overrides: Partial<QuoteContent> = {}): QuoteContent =>
  draftContent({
    title: 'Salle de bains',
    validityDays: 30,
    workStartDate: null,
    lines: [
      { id: 'a', description: 'Dépose', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 35000, vatRateBp: 1000, discountBp: 0 },
      { id: 'b', description: 'Faïence', quantityMilli: 12500, unit: 'm²', unitPriceCents: 4590, vatRateBp: 1000, discountBp: 1000 },
      { id: 'c', description: 'Vasque', quantityMilli: 1000, unit: 'u', unitPriceCents: 123450, vatRateBp: 2000, discountBp: 0 }
    ],
    depositBp: 3000,
    conditions: 'Garantie un an.',
    ...overrides
  })

const withLine = (form: QuoteForm, index: number, change: Partial<LineForm>): QuoteForm => ({
  ...form,
  lines: form.lines.map((line, at) => (at === index ? { ...line, ...change } : line))
})

t.test('numbers shown back in the fields as the parsers read them', async (t) => {
  t.equal(formatQuantityInput(1500), '1,5')
  t.equal(formatQuantityInput(2000), '2')
  t.equal(formatQuantityInput(1), '0,001')
  t.equal(formatQuantityInput(12_345_670), '12345,67')
  t.equal(formatCentsInput(123450), '1 234,50')
  t.equal(formatCentsInput(5), '0,05')
  t.equal(formatCentsInput(100_000_000), '1 000 000,00')
  t.equal(formatPercentInput(1250), '12,5')
  t.equal(formatPercentInput(1000), '10')
  t.equal(formatPercentInput(5), '0,05')
  t.equal(formatPercentInput(0), '0')
})

t.test('percentages typed the French way', async (t) => {
  t.same(parsePercentToBp(''), { ok: true, value: 0 }, 'empty: none')
  t.same(parsePercentToBp('12,5'), { ok: true, value: 1250 })
  t.same(parsePercentToBp(' 30 % '), { ok: true, value: 3000 })
  t.same(parsePercentToBp('7.25'), { ok: true, value: 725 })
  t.same(parsePercentToBp('100'), { ok: true, value: 10_000 })
  t.match(parsePercentToBp('100,01'), { ok: false, message: /ne peut pas dépasser 100/ })
  t.match(parsePercentToBp('12,345'), { ok: false, message: /au plus 2 décimales/ })
  t.match(parsePercentToBp('dix'), { ok: false, message: /Indiquez un pourcentage/ })
  t.match(parsePercentToBp('-5'), { ok: false })
})

t.test('a loaded quote becomes the form, and reads back to the same content', async (t) => {
  const original = content()
  const form = formOf(original)
  t.match(form.lines, [
    { id: 'a', quantity: '1', unitPrice: '350,00', discount: '' },
    { id: 'b', quantity: '12,5', unitPrice: '45,90', discount: '10', unit: 'm²' },
    { id: 'c', unitPrice: '1 234,50', vatRateBp: 2000 }
  ])
  t.equal(form.deposit, '30')
  t.equal(form.validityDays, '30')
  t.equal(form.workStartDate, '')
  t.same(readForm(form), { ok: true, content: canonicalContent(original) })
  const zero = formOf(
    content({ lines: [{ id: 'z', description: '', quantityMilli: 1000, unit: 'u', unitPriceCents: 0, vatRateBp: 2000, discountBp: 0 }] })
  )
  t.equal((zero.lines[0] as LineForm).unitPrice, '', 'a price not typed yet stays empty')
  t.match(readForm(zero), { ok: true, content: { lines: [{ unitPriceCents: 0 }] } }, 'and counts as 0')
})

t.test('canonical content: one key order whatever the server sent', async (t) => {
  const shuffled = JSON.parse(
    JSON.stringify(content(), (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value
    )
  ) as QuoteContent
  t.not(JSON.stringify(shuffled), JSON.stringify(content()))
  t.equal(JSON.stringify(canonicalContent(shuffled)), JSON.stringify(canonicalContent(content())))
  t.notOk('franchiseEnBase' in canonicalContent({ ...content(), franchiseEnBase: true } as QuoteContent), 'only the content is kept')
})

t.test('every value that is not well-formed gets its French message, keyed like the gateway', async (t) => {
  let form = formOf(content())
  form = {
    ...form,
    client: { ...form.client, email: 'ines@' },
    issueDate: '2026-02-30',
    validityDays: '400',
    workStartDate: 'demain',
    deposit: '120'
  }
  form = withLine(form, 0, { quantity: '' })
  form = withLine(form, 1, { quantity: '1,2345', unitPrice: '12,345', discount: '150' })
  form = withLine(form, 2, { quantity: '0', unitPrice: 'cher' })
  const read = readForm(form)
  t.equal(read.ok, false)
  if (read.ok) return
  t.match(read.errors, {
    'client.email': /ne semble pas valide/,
    issueDate: 'Indiquez la date du devis.',
    validityDays: /de 1 à 365/,
    workStartDate: /date valide/,
    depositBp: /ne peut pas dépasser 100/,
    'lines.0.quantityMilli': 'Indiquez une quantité.',
    'lines.1.quantityMilli': /au plus 3 décimales/,
    'lines.1.unitPriceCents': /au plus 2 décimales/,
    'lines.1.discountBp': /ne peut pas dépasser 100/,
    'lines.2.quantityMilli': /supérieure à zéro/,
    'lines.2.unitPriceCents': /doit être un nombre/
  })
  t.equal(Object.keys(read.errors).length, 11)
  const fine = readForm({
    ...formOf(content()),
    client: { ...form.client, email: '  ines@example.fr ' },
    workStartDate: '2026-12-01',
    validityDays: ' 45 '
  })
  t.match(fine, { ok: true, content: { client: { email: 'ines@example.fr' }, workStartDate: '2026-12-01', validityDays: 45 } })
  t.match(readForm({ ...formOf(content()), client: { ...form.client, email: '' } }), { ok: true }, 'a draft may have no e-mail yet')
})

t.test('the editor’s actions', async (t) => {
  const start = formOf(content())
  const typed = editorReducer(start, { type: 'text', key: 'title', value: 'Cuisine' })
  t.equal(typed.title, 'Cuisine')
  t.equal(start.title, 'Salle de bains', 'never in place')
  t.equal(editorReducer(start, { type: 'flag', key: 'requireEmailCode', value: true }).requireEmailCode, true)
  t.equal(editorReducer(start, { type: 'client', key: 'kind', value: 'business' }).client.kind, 'business')
  t.equal((editorReducer(start, { type: 'line', id: 'b', key: 'quantity', value: '3' }).lines[1] as LineForm).quantity, '3')
  t.equal((editorReducer(start, { type: 'line-unit', id: 'a', value: 'h' }).lines[0] as LineForm).unit, 'h')
  t.equal((editorReducer(start, { type: 'line-vat', id: 'c', value: 550 }).lines[2] as LineForm).vatRateBp, 550)
  const added = editorReducer(start, { type: 'add-line', line: newLine('d', lastWorkLine(start.lines)) })
  t.same(
    added.lines[3],
    { id: 'd', description: '', quantity: '1', unit: 'u', unitPrice: '', vatRateBp: 2000, discount: '', discountUnit: 'percent' },
    'takes the previous line’s rate'
  )
  t.equal(newLine('e', undefined).vatRateBp, 2000, 'the standard rate for a first line')
  const removed = editorReducer(start, { type: 'remove-line', id: 'b' })
  t.same(
    removed.lines.map((line) => line.id),
    ['a', 'c']
  )
  const restored = editorReducer(removed, { type: 'restore-line', line: start.lines[1] as LineForm, at: 1 })
  t.same(restored.lines, start.lines, '« Annuler »: the line back at its place, with what it held')
  t.equal(
    editorReducer(start, { type: 'restore-line', line: start.lines[1] as LineForm, at: 0 }),
    start,
    'a line already there is not doubled'
  )
  t.equal((editorReducer(start, { type: 'line-discount-unit', id: 'b', value: 'euros' }).lines[1] as LineForm).discountUnit, 'euros')
  t.same(
    editorReducer(start, { type: 'move-line', id: 'c', by: -1 }).lines.map((line) => line.id),
    ['a', 'c', 'b']
  )
  t.same(
    moveLine(start.lines, 'a', -1).map((line) => line.id),
    ['a', 'b', 'c'],
    'the first cannot go up'
  )
  t.same(
    moveLine(start.lines, 'c', 1).map((line) => line.id),
    ['a', 'b', 'c'],
    'the last cannot go down'
  )
  t.same(
    moveLine(start.lines, 'x', 1).map((line) => line.id),
    ['a', 'b', 'c'],
    'unknown line'
  )
  t.equal(editorReducer(start, { type: 'reset', form: typed }), typed)
  const full = { ...start, lines: Array.from({ length: 200 }, (_, index) => newLine(`l${index}`, undefined)) }
  t.equal(editorReducer(full, { type: 'add-line', line: newLine('x', undefined) }), full, 'at most 200 lines')
  t.equal(editorReducer(full, { type: 'restore-line', line: newLine('x', undefined), at: 0 }), full, 'nor by « Annuler »')
})

t.test('a discount in % or in €: read, checked against the line, saved as the API stores it', async (t) => {
  const start = formOf(content())
  t.match(start.lines[1], { discount: '10', discountUnit: 'percent' }, 'a stored percentage opens in %')
  const inEuros = formOf(
    content({
      lines: [
        {
          id: 'e',
          description: 'Pose',
          quantityMilli: 2000,
          unit: 'h',
          unitPriceCents: 4800,
          vatRateBp: 1000,
          discountBp: 0,
          discountCents: 1550
        }
      ]
    })
  )
  t.match(inEuros.lines[0], { discount: '15,50', discountUnit: 'euros' }, 'a stored amount opens in €')
  const read = readForm(inEuros)
  t.ok(read.ok)
  if (read.ok) t.match(read.content.lines[0], { discountBp: 0, discountCents: 1550 }, 'and reads back the same')
  t.same(liveTotals(inEuros, false).lineHtCents, [8050], '2 h × 48 € − 15,50 €')

  const fifty = withLine(start, 1, { discount: '50', discountUnit: 'euros' })
  const fiftyRead = readForm(fifty)
  t.ok(fiftyRead.ok)
  if (fiftyRead.ok)
    t.same(fiftyRead.content.lines[1], {
      id: 'b',
      description: 'Faïence',
      quantityMilli: 12500,
      unit: 'm²',
      unitPriceCents: 4590,
      vatRateBp: 1000,
      discountBp: 0,
      discountCents: 5000
    })
  t.same(liveTotals(fifty, false).lineHtCents[1], 52375, '12,5 m² × 45,90 € = 573,75 €, less 50 € = 523,75 €')

  const tooMuch = readForm(withLine(start, 0, { discount: '400', discountUnit: 'euros' }))
  t.same(
    tooMuch,
    { ok: false, errors: { 'lines.0.discountCents': 'La remise (400,00\u00a0€) dépasse le montant de la ligne (350,00\u00a0€).' } },
    'never more than the line'
  )
  t.same(readForm(withLine(start, 0, { discount: 'dix', discountUnit: 'euros' })), {
    ok: false,
    errors: { 'lines.0.discountCents': 'Le montant doit être un nombre, avec au plus 2 décimales (par exemple 1 234,50).' }
  })
  const none = readForm(withLine(start, 1, { discount: '', discountUnit: 'euros' }))
  if (none.ok)
    t.same(
      none.content.lines[1],
      { id: 'b', description: 'Faïence', quantityMilli: 12500, unit: 'm²', unitPriceCents: 4590, vatRateBp: 1000, discountBp: 0 },
      'an empty amount is no discount, stored as before'
    )
  t.ok(none.ok)
  t.equal(controlIdOf('lines.0.discountCents', start), lineControlId('a', 'discount'), 'a refusal lands on the discount field')
})

t.test('line ids: random, in UUID form, accepted by the API’s pattern', async (t) => {
  const ids = new Set(Array.from({ length: 50 }, () => newLineId()))
  t.equal(ids.size, 50)
  for (const id of ids) t.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  t.equal(
    newLineId((bytes) => bytes.fill(0)),
    '00000000-0000-4000-8000-000000000000'
  )
})

t.test('live totals: the lines that can be read, with the server’s module', async (t) => {
  const form = formOf(content())
  const live = liveTotals(form, false)
  t.same(live.totals, computeTotals(content().lines, { franchiseEnBase: false, depositBp: 3000 }))
  t.same(live.lineHtCents, [35000, 51638, 123450])
  t.equal(live.totals?.totalTtcCents, 243442)
  t.equal(live.totals?.depositCents, 73033)
  t.equal(live.skipped, 0)

  const broken = liveTotals(withLine({ ...form, deposit: 'beaucoup' }, 1, { quantity: '1,2345' }), false)
  t.same(broken.lineHtCents, [35000, null, 123450], 'the broken line has no amount')
  t.equal(broken.skipped, 1)
  t.equal(broken.totals?.totalHtCents, 158450)
  t.equal(broken.totals?.depositCents, 0, 'an unreadable deposit counts as none')

  const franchise = liveTotals(form, true)
  t.same(franchise.totals?.vat, [], 'no VAT under the franchise en base')
  t.equal(franchise.totals?.totalTtcCents, franchise.totals?.totalHtCents)

  const huge = withLine(withLine(form, 0, { quantity: '1000000', unitPrice: '100 000 000' }), 1, {
    quantity: '1000000',
    unitPrice: '100 000 000'
  })
  const tooBig = liveTotals(huge, false)
  t.equal(tooBig.totals, null, 'amounts beyond what can be added up')
  t.same(tooBig.lineHtCents, [null, null, null])
})

const lineArbitrary: fc.Arbitrary<QuoteLine> = fc.record({
  id: fc.uuid(),
  description: fc.string({ maxLength: 40 }),
  quantityMilli: fc.integer({ min: 1, max: 1_000_000_000 }),
  unit: fc.constantFrom(...UNITS),
  unitPriceCents: fc.integer({ min: 0, max: 1_000_000_000 }),
  vatRateBp: fc.constantFrom(...VAT_RATES_BP),
  discountBp: fc.integer({ min: 0, max: 10_000 })
})
// A line with its discount in euros instead, never more than its gross amount.
const amountLineArbitrary: fc.Arbitrary<QuoteLine> = lineArbitrary.chain((line) =>
  fc
    .integer({ min: 1, max: Math.max(1, Math.min(lineGrossCents(line), LIMITS.maxDiscountCents)) })
    .map((cents) => (lineGrossCents(line) >= cents ? { ...line, discountBp: 0, discountCents: cents } : line))
)

t.test('any saved content reads back unchanged, and its live totals are the server’s', async () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(lineArbitrary, amountLineArbitrary), { maxLength: 8 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.boolean(),
      (lines, depositBp, franchise) => {
        const saved = content({ lines, depositBp })
        const form = formOf(saved)
        const read = readForm(form)
        if (!read.ok) return false
        if (JSON.stringify(read.content) !== JSON.stringify(canonicalContent(saved))) return false
        let expected: unknown
        try {
          expected = computeTotals(lines, { franchiseEnBase: franchise, depositBp })
        } catch {
          expected = null
        }
        return JSON.stringify(liveTotals(form, franchise).totals) === JSON.stringify(expected)
      }
    ),
    { numRuns: 300 }
  )
})

t.test('field paths lead to their controls', async (t) => {
  const form = formOf(content())
  t.equal(controlIdOf('client.email', form), 'quote-client-email')
  t.equal(controlIdOf('title', form), 'quote-title')
  t.equal(controlIdOf('lines', form), 'quote-add-line')
  t.equal(controlIdOf('lines.1.description', form), 'line-b-description')
  t.equal(controlIdOf('lines.2.quantityMilli', form), lineControlId('c', 'quantity'))
  t.equal(controlIdOf('lines.0.unitPriceCents', form), 'line-a-price')
  t.equal(controlIdOf('lines.9.description', form), null, 'a line that is not there')
  t.equal(controlIdOf('lines.0.color', form), null)
  t.equal(controlIdOf('profile', form), null, 'not on this page')
})

t.test('the list’s filters in the query string', async (t) => {
  t.same(filtersFromSearch(new URLSearchParams('status=sent&q=%20dupont%20')), { status: 'sent', q: 'dupont' })
  t.same(filtersFromSearch(new URLSearchParams('status=envoye')), NO_FILTERS, 'an unknown status means all')
  t.equal(searchOfFilters({ status: 'draft', q: ' leroy ' }).toString(), 'status=draft&q=leroy')
  t.equal(searchOfFilters(NO_FILTERS).toString(), '')
  t.notOk(hasFilters(NO_FILTERS))
  t.ok(hasFilters({ status: null, q: 'x' }))
  t.equal(listPath(NO_FILTERS), '/api/quotes')
  t.equal(listPath({ status: 'signed', q: 'DEV-2026' }), '/api/quotes?status=signed&q=DEV-2026')
  t.equal(listPath({ status: 'signed', q: '' }, 'MjAy|x'), '/api/quotes?status=signed&cursor=MjAy%7Cx', 'the next page keeps the filters')
})
