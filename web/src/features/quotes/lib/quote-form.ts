// The quote editor's model: what the professional types (amounts as text, the French way) and
// how it becomes the QuoteContent the API stores. Pure, so the rules are tested without a
// browser. Error keys are the content's field paths, as in the gateway's `fields`
// (`lines.2.quantityMilli`), so a server refusal lands on the same control as a local one.
import { formatCentsInput, formatQuantityInput, parseEurosToCents, parseQuantity } from '@paraphe/shared/decimal-input'
import type { VatRateBp } from '@paraphe/shared/money'
import {
  isSection,
  QUOTE_DEFAULTS,
  TEXT_LIMITS,
  type QuoteClient,
  type QuoteContent,
  type QuoteContentLine,
  type QuoteLine,
  type Unit
} from '@paraphe/shared/quote'
import { quoteClientOf, type SavedClientInput } from '@paraphe/shared/saved-clients'
import { computeTotals, discountProblem, LIMITS, type QuoteTotals, type SectionMark } from '@paraphe/shared/quote-totals'
import { sectionSubtotals } from '@paraphe/shared/quote-sections'
import { canonicalContent } from './content'
import { formatPercentInput, parsePercentToBp } from '@/lib/percent'

export interface LineForm {
  id: string
  description: string
  /** As typed: « 1,5 ». */
  quantity: string
  unit: Unit
  /** As typed, HT: « 1 234,50 »; empty counts as 0 (a draft may not have its price yet). */
  unitPrice: string
  vatRateBp: VatRateBp
  /** As typed, in `discountUnit`: « 10 » (%) or « 50 » (€); empty means none. */
  discount: string
  discountUnit: DiscountUnit
}

/** A line's discount is a percentage of it, or an amount in euros off it. */
export type DiscountUnit = 'percent' | 'euros'

/** A section heading (« Lot 1 — Plomberie »): its title only. */
export interface SectionForm {
  id: string
  kind: 'section'
  title: string
}

/** A row of the editor: a line of work or a section heading. */
export type EditorLine = LineForm | SectionForm

export function isSectionForm(line: EditorLine): line is SectionForm {
  return 'kind' in line
}

export interface QuoteForm {
  client: QuoteClient
  siteAddress: string
  title: string
  issueDate: string
  validityDays: string
  /** YYYY-MM-DD or empty. */
  workStartDate: string
  workDuration: string
  lines: EditorLine[]
  /** As typed, in %. */
  deposit: string
  paymentTerms: string
  conditions: string
  notes: string
  buildingTrade: boolean
  requireEmailCode: boolean
  /** The saved client picked (their page lists the quote); absent when none. */
  savedClientId?: string
}

export type FieldErrors = Readonly<Record<string, string>>

export type TextKey =
  | 'siteAddress'
  | 'title'
  | 'issueDate'
  | 'validityDays'
  | 'workStartDate'
  | 'workDuration'
  | 'deposit'
  | 'paymentTerms'
  | 'conditions'
  | 'notes'
export type FlagKey = 'buildingTrade' | 'requireEmailCode'
export type LineTextKey = 'description' | 'quantity' | 'unitPrice' | 'discount'

export type EditorAction =
  | { type: 'text'; key: TextKey; value: string }
  | { type: 'flag'; key: FlagKey; value: boolean }
  | { type: 'client'; key: keyof QuoteClient; value: string }
  | { type: 'line'; id: string; key: LineTextKey; value: string }
  | { type: 'line-unit'; id: string; value: Unit }
  | { type: 'line-vat'; id: string; value: VatRateBp }
  | { type: 'all-lines-vat'; value: VatRateBp }
  | { type: 'line-discount-unit'; id: string; value: DiscountUnit }
  /** A saved item picked for the line: its designation, unit, price and rate; quantity and discount stay. */
  | { type: 'line-item'; id: string; item: Pick<QuoteLine, 'description' | 'unit' | 'unitPriceCents' | 'vatRateBp'> }
  | { type: 'section-title'; id: string; value: string }
  /** A line or a section, at the end or right after the line `after`. */
  | { type: 'add-line'; line: EditorLine; after?: string }
  | { type: 'remove-line'; id: string }
  /** A removed row put back at the position `at` it had, with what it held (« Annuler »). */
  | { type: 'restore-line'; line: EditorLine; at: number }
  | { type: 'move-line'; id: string; by: -1 | 1 }
  /** Dropped (drag and drop) at the position `to` of the list. */
  | { type: 'move-line-to'; id: string; to: number }
  | { type: 'reset'; form: QuoteForm }
  /** A saved client picked: the client section (and the work site, when the client has one) filled, the quote linked. */
  | { type: 'pick-client'; client: QuoteClient; siteAddress: string; savedClientId: string }
  | { type: 'link-client'; savedClientId: string | null }

/** The action of picking `client` in the editor. */
export function pickedClient(client: SavedClientInput & { id: string }): EditorAction {
  return { type: 'pick-client', client: quoteClientOf(client), siteAddress: client.siteAddress, savedClientId: client.id }
}

/** The form linked to the saved client `savedClientId`, or to none (null). */
function withLink(form: QuoteForm, savedClientId: string | null): QuoteForm {
  const { savedClientId: _previous, ...rest } = form
  return savedClientId === null ? rest : { ...rest, savedClientId }
}

export function lineFormOf(line: QuoteLine): LineForm {
  return {
    id: line.id,
    description: line.description,
    quantity: formatQuantityInput(line.quantityMilli),
    unit: line.unit,
    unitPrice: line.unitPriceCents === 0 ? '' : formatCentsInput(line.unitPriceCents),
    vatRateBp: line.vatRateBp,
    ...((line.discountCents ?? 0) > 0
      ? { discount: formatCentsInput(line.discountCents ?? 0), discountUnit: 'euros' as const }
      : { discount: line.discountBp === 0 ? '' : formatPercentInput(line.discountBp), discountUnit: 'percent' as const })
  }
}

function editorLineOf(line: QuoteContentLine): EditorLine {
  return isSection(line) ? { id: line.id, kind: 'section', title: line.title } : lineFormOf(line)
}

export function formOf(content: QuoteContent): QuoteForm {
  return {
    client: { ...content.client },
    siteAddress: content.siteAddress,
    title: content.title,
    issueDate: content.issueDate,
    validityDays: String(content.validityDays),
    workStartDate: content.workStartDate ?? '',
    workDuration: content.workDuration,
    lines: content.lines.map(editorLineOf),
    deposit: formatPercentInput(content.depositBp),
    paymentTerms: content.paymentTerms,
    conditions: content.conditions,
    notes: content.notes,
    buildingTrade: content.buildingTrade,
    requireEmailCode: content.requireEmailCode,
    ...(content.savedClientId === undefined ? {} : { savedClientId: content.savedClientId })
  }
}

/** The nearest line of work among `lines`, from the end (a new line takes its VAT rate). */
export function lastWorkLine(lines: readonly EditorLine[]): LineForm | undefined {
  return lines.findLast((line): line is LineForm => !isSectionForm(line))
}

/** A new, empty line; it takes the previous line's VAT rate (quotes mostly use one). */
/** The rate every priced line shares (what « TVA de tout le devis » shows), or null when they differ or there is none. */
export function commonVatRate(lines: readonly EditorLine[]): VatRateBp | null {
  const rates = new Set(lines.filter((line): line is LineForm => !isSectionForm(line)).map((line) => line.vatRateBp))
  return rates.size === 1 ? ([...rates][0] as VatRateBp) : null
}

export function newLine(id: string, previous: LineForm | undefined): LineForm {
  return {
    id,
    description: '',
    quantity: '1',
    unit: 'u',
    unitPrice: '',
    vatRateBp: previous?.vatRateBp ?? 2000,
    discount: '',
    discountUnit: 'percent'
  }
}

export function newSection(id: string): SectionForm {
  return { id, kind: 'section', title: '' }
}

function updateLine(lines: EditorLine[], id: string, change: Partial<LineForm>): EditorLine[] {
  return lines.map((line) => (line.id === id && !isSectionForm(line) ? { ...line, ...change } : line))
}

/** Moves a line to the position `to`; outside the list nothing changes. */
export function moveLineTo(lines: readonly EditorLine[], id: string, to: number): EditorLine[] {
  const from = lines.findIndex((line) => line.id === id)
  if (from === -1 || to < 0 || to >= lines.length) return [...lines]
  const next = [...lines]
  const [moved] = next.splice(from, 1) as [EditorLine]
  next.splice(to, 0, moved)
  return next
}

/** Moves a line up (-1) or down (+1); at either end nothing changes. */
export function moveLine(lines: readonly EditorLine[], id: string, by: -1 | 1): EditorLine[] {
  return moveLineTo(lines, id, lines.findIndex((line) => line.id === id) + by)
}

function insertLine(lines: readonly EditorLine[], line: EditorLine, after: string | undefined): EditorLine[] {
  const at = after === undefined ? -1 : lines.findIndex((other) => other.id === after)
  if (at === -1) return [...lines, line]
  return [...lines.slice(0, at + 1), line, ...lines.slice(at + 1)]
}

export function editorReducer(form: QuoteForm, action: EditorAction): QuoteForm {
  switch (action.type) {
    case 'text':
      return { ...form, [action.key]: action.value }
    case 'flag':
      return { ...form, [action.key]: action.value }
    case 'client':
      return { ...form, client: { ...form.client, [action.key]: action.value } }
    case 'line':
      return { ...form, lines: updateLine(form.lines, action.id, { [action.key]: action.value }) }
    case 'line-unit':
      return { ...form, lines: updateLine(form.lines, action.id, { unit: action.value }) }
    case 'line-vat':
      return { ...form, lines: updateLine(form.lines, action.id, { vatRateBp: action.value }) }
    case 'all-lines-vat':
      return { ...form, lines: form.lines.map((line) => (isSectionForm(line) ? line : { ...line, vatRateBp: action.value })) }
    case 'line-discount-unit':
      return { ...form, lines: updateLine(form.lines, action.id, { discountUnit: action.value }) }
    case 'line-item':
      return {
        ...form,
        lines: updateLine(form.lines, action.id, {
          description: action.item.description,
          unit: action.item.unit,
          unitPrice: action.item.unitPriceCents === 0 ? '' : formatCentsInput(action.item.unitPriceCents),
          vatRateBp: action.item.vatRateBp
        })
      }
    case 'section-title':
      return {
        ...form,
        lines: form.lines.map((line) => (line.id === action.id && isSectionForm(line) ? { ...line, title: action.value } : line))
      }
    case 'add-line':
      return form.lines.length >= TEXT_LIMITS.lineCount ? form : { ...form, lines: insertLine(form.lines, action.line, action.after) }
    case 'remove-line':
      return { ...form, lines: form.lines.filter((line) => line.id !== action.id) }
    case 'restore-line':
      return form.lines.length >= TEXT_LIMITS.lineCount || form.lines.some((line) => line.id === action.line.id)
        ? form
        : { ...form, lines: [...form.lines.slice(0, action.at), action.line, ...form.lines.slice(action.at)] }
    case 'move-line':
      return { ...form, lines: moveLine(form.lines, action.id, action.by) }
    case 'move-line-to':
      return { ...form, lines: moveLineTo(form.lines, action.id, action.to) }
    case 'reset':
      return action.form
    case 'pick-client':
      return withLink(
        { ...form, client: { ...action.client }, siteAddress: action.siteAddress === '' ? form.siteAddress : action.siteAddress },
        action.savedClientId
      )
    case 'link-client':
      return withLink(form, action.savedClientId)
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

type LineAmounts = Pick<QuoteLine, 'quantityMilli' | 'unitPriceCents' | 'vatRateBp' | 'discountBp' | 'discountCents'>

type LineRead = { amounts: LineAmounts | null; messages: ReadonlyArray<readonly [field: string, message: string]> }

// A line's values read once per version of the line: the form keeps the lines not being edited as
// the same objects, so a key typed in a 200-line quote reads one line, not 200, in readForm and
// liveTotals.
const lineReads = new WeakMap<LineForm, LineRead>()

function readLine(line: LineForm): LineRead {
  const known = lineReads.get(line)
  if (known !== undefined) return known
  const quantity = parseQuantity(line.quantity, LIMITS.maxQuantityMilli)
  const price =
    line.unitPrice.trim() === '' ? ({ ok: true, value: 0 } as const) : parseEurosToCents(line.unitPrice, LIMITS.maxUnitPriceCents)
  const inEuros = line.discountUnit === 'euros'
  const discount = inEuros
    ? line.discount.trim() === ''
      ? ({ ok: true, value: 0 } as const)
      : parseEurosToCents(line.discount, LIMITS.maxDiscountCents)
    : parsePercentToBp(line.discount)
  const messages: Array<readonly [string, string]> = []
  if (!quantity.ok) messages.push(['quantityMilli', quantity.message])
  if (!price.ok) messages.push(['unitPriceCents', price.message])
  if (!discount.ok) messages.push([inEuros ? 'discountCents' : 'discountBp', discount.message])
  let amounts: LineAmounts | null = null
  if (quantity.ok && price.ok && discount.ok) {
    // An amount of 0 is no discount: the stored line stays as quotes without amounts wrote it.
    const off =
      inEuros && discount.value > 0 ? { discountBp: 0, discountCents: discount.value } : { discountBp: inEuros ? 0 : discount.value }
    const candidate: LineAmounts = { quantityMilli: quantity.value, unitPriceCents: price.value, vatRateBp: line.vatRateBp, ...off }
    const problem = discountProblem(candidate)
    if (problem === null) amounts = candidate
    else messages.push(['discountCents', problem])
  }
  const read: LineRead = { amounts, messages }
  lineReads.set(line, read)
  return read
}

/** A line's amounts, or its errors by content path. */
export function readLineAmounts(line: LineForm, index: number): { amounts: LineAmounts | null; errors: Record<string, string> } {
  const { amounts, messages } = readLine(line)
  const errors: Record<string, string> = {}
  for (const [field, message] of messages) errors[`lines.${index}.${field}`] = message
  return { amounts, errors }
}

export type ReadResult = { ok: true; content: QuoteContent } | { ok: false; errors: FieldErrors }

/** The content to save, or the French message of every value that is not well-formed. */
export function readForm(form: QuoteForm): ReadResult {
  const errors: Record<string, string> = {}
  const email = form.client.email.trim()
  if (email !== '' && !EMAIL.test(email))
    errors['client.email'] = 'Cette adresse e-mail ne semble pas valide (exemple\u202f: nom@domaine.fr).'
  if (!isIsoDate(form.issueDate)) errors.issueDate = 'Indiquez la date du devis.'
  const validity = /^\d{1,3}$/.test(form.validityDays.trim()) ? Number(form.validityDays.trim()) : NaN
  if (!(validity >= 1 && validity <= QUOTE_DEFAULTS.maxValidityDays)) {
    errors.validityDays = `La durée de validité est un nombre de jours, de 1 à ${QUOTE_DEFAULTS.maxValidityDays}.`
  }
  const workStart = form.workStartDate.trim()
  if (workStart !== '' && !isIsoDate(workStart)) errors.workStartDate = 'Indiquez une date valide, ou laissez vide.'
  const deposit = parsePercentToBp(form.deposit)
  if (!deposit.ok) errors.depositBp = deposit.message
  const lines: QuoteContentLine[] = []
  form.lines.forEach((line, index) => {
    if (isSectionForm(line)) {
      lines.push({ id: line.id, kind: 'section', title: line.title })
      return
    }
    const read = readLineAmounts(line, index)
    Object.assign(errors, read.errors)
    if (read.amounts !== null) lines.push({ id: line.id, description: line.description, unit: line.unit, ...read.amounts })
  })
  if (Object.keys(errors).length > 0 || !deposit.ok) return { ok: false, errors }
  return {
    ok: true,
    content: canonicalContent({
      client: { ...form.client, email },
      siteAddress: form.siteAddress,
      title: form.title,
      issueDate: form.issueDate,
      validityDays: validity,
      workStartDate: workStart === '' ? null : workStart,
      workDuration: form.workDuration,
      lines,
      depositBp: deposit.value,
      paymentTerms: form.paymentTerms,
      conditions: form.conditions,
      notes: form.notes,
      buildingTrade: form.buildingTrade,
      requireEmailCode: form.requireEmailCode,
      ...(form.savedClientId === undefined ? {} : { savedClientId: form.savedClientId })
    })
  }
}

export interface LiveTotals {
  /** Totals of the lines that can be read (null when the amounts are out of range). */
  totals: QuoteTotals | null
  /** HT of each line of the form, in its order; null for a line with an error, 0 for a section. */
  lineHtCents: Array<number | null>
  /** Subtotal HT of each section, in the lines' order (null for the lines of work): sectionSubtotals. */
  subtotals: Array<number | null>
  /** Lines left out because a value cannot be read yet. */
  skipped: number
}

/**
 * The totals while the professional types, with the same module as the server (computeTotals):
 * lines with an unreadable value are left out (and counted) until they are fixed.
 */
export function liveTotals(form: QuoteForm, franchiseEnBase: boolean): LiveTotals {
  const section: SectionMark = { kind: 'section' }
  const read = form.lines.map((line, index) => (isSectionForm(line) ? section : readLineAmounts(line, index).amounts))
  const counted = read.filter((amounts): amounts is LineAmounts | SectionMark => amounts !== null)
  const deposit = parsePercentToBp(form.deposit)
  let totals: QuoteTotals | null
  try {
    totals = computeTotals(counted, { franchiseEnBase, depositBp: deposit.ok ? deposit.value : 0 })
  } catch {
    totals = null
  }
  let next = 0
  const lineHtCents = read.map((amounts) => {
    if (amounts === null || totals === null) return null
    return totals.lineHtCents[next++] ?? null
  })
  return { totals, lineHtCents, subtotals: sectionSubtotals(form.lines, lineHtCents), skipped: form.lines.length - counted.length }
}
