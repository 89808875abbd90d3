// Saved items (« Articles »): what a professional quotes again and again, kept once with its unit,
// price and VAT rate, found as they type a line. The rules and the French CSV format (the one
// Excel and LibreOffice write in France: `;` separator, decimal comma, UTF-8 with a BOM) live here
// for the page, the editor and the gateway.
import { parseEurosToCents } from './decimal-input.js'
import { VAT_RATES_BP, formatVatRate, type VatRateBp } from './money.js'
import { TEXT_LIMITS, UNITS, UNIT_LABELS, type Unit } from './quote.js'
import { LIMITS } from './quote-totals.js'
import { holdsNul, NUL_CHARACTER_MESSAGE } from './storable-text.js'

export const SAVED_ITEM_LIMITS = {
  designation: TEXT_LIMITS.description,
  category: 60,
  /** Per company: a catalogue, not a database dump. */
  count: 5000,
  /** Lines of one CSV import (the header aside). */
  importRows: 5000,
  importBytes: 2 * 1024 * 1024
} as const

export interface SavedItemInput {
  designation: string
  unit: Unit
  unitPriceCents: number
  vatRateBp: VatRateBp
  category: string
}

export type SavedItemProblems = Partial<Record<keyof SavedItemInput, string>>

/** The input trimmed, or what is wrong with each field, in French. */
export function checkSavedItem(input: SavedItemInput): { ok: true; item: SavedItemInput } | { ok: false; problems: SavedItemProblems } {
  const item = { ...input, designation: input.designation.trim(), category: input.category.trim() }
  const problems: SavedItemProblems = {}
  if (item.designation === '') problems.designation = 'Indiquez la désignation de l’article.'
  else if (item.designation.length > SAVED_ITEM_LIMITS.designation)
    problems.designation = `Au plus ${SAVED_ITEM_LIMITS.designation} caractères.`
  else if (holdsNul(item.designation)) problems.designation = NUL_CHARACTER_MESSAGE
  if (item.category.length > SAVED_ITEM_LIMITS.category) problems.category = `Au plus ${SAVED_ITEM_LIMITS.category} caractères.`
  else if (holdsNul(item.category)) problems.category = NUL_CHARACTER_MESSAGE
  if (!(UNITS as readonly string[]).includes(item.unit)) problems.unit = 'Choisissez une unité de la liste.'
  if (!Number.isSafeInteger(item.unitPriceCents) || item.unitPriceCents < 0 || item.unitPriceCents > LIMITS.maxUnitPriceCents)
    problems.unitPriceCents = 'Ce prix n’est pas valide.'
  if (!(VAT_RATES_BP as readonly number[]).includes(item.vatRateBp)) problems.vatRateBp = 'Choisissez un taux de TVA de la liste.'
  return Object.keys(problems).length === 0 ? { ok: true, item } : { ok: false, problems }
}

/** Designations compare without case or surrounding spaces: « Pose WC » and « pose wc » are one article. */
export function designationKey(designation: string): string {
  return designation.trim().toLocaleLowerCase('fr-FR')
}

// --- CSV -------------------------------------------------------------------------------------

export const ITEMS_CSV_COLUMNS = ['Désignation', 'Unité', 'Prix unitaire HT', 'TVA', 'Catégorie'] as const
const BOM = '\ufeff'

/**
 * Splits CSV text into rows of cells (RFC 4180 quoting, `;` separator), each with the line number
 * it starts on, so that an error names the line a spreadsheet shows.
 */
export function splitCsv(text: string, separator = ';'): Array<{ line: number; cells: string[] }> {
  const source = text.startsWith(BOM) ? text.slice(1) : text
  const rows: Array<{ line: number; cells: string[] }> = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  for (let index = 0; index < source.length; index++) {
    const char = source[index] as string
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"'
          index++
        } else quoted = false
      } else {
        if (char === '\n') line++
        cell += char
      }
    } else if (char === '"' && cell === '') quoted = true
    else if (char === separator) {
      cells.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++
      cells.push(cell)
      rows.push({ line: rowLine, cells })
      cells = []
      cell = ''
      line++
      rowLine = line
    } else cell += char
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell)
    rows.push({ line: rowLine, cells })
  }
  // Blank lines (a trailing newline, a spreadsheet's empty rows) are not rows.
  return rows.filter((row) => row.cells.some((value) => value.trim() !== ''))
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()

// What spreadsheets commonly say for the units (plurals, abbreviations of the trade).
const UNIT_ALIASES: Readonly<Record<string, Unit>> = {
  unite: 'u',
  unites: 'u',
  heures: 'h',
  j: 'jour',
  jours: 'jour',
  ens: 'forfait',
  ensemble: 'forfait',
  ft: 'forfait',
  ml: 'm'
}

/** « m2 », « M² », « mètre carré », « heure » → the unit; null when none matches. */
export function unitFromText(text: string): Unit | null {
  const wanted = plain(text).replace('2', '²').replace('3', '³')
  if (wanted === '') return 'u'
  for (const unit of UNITS) {
    if (plain(unit) === wanted || plain(UNIT_LABELS[unit]) === wanted) return unit
  }
  return UNIT_ALIASES[wanted] ?? null
}

/** « 20 », « 20 % », « 5,5 % », « 0,2 » (a spreadsheet's percentage) → basis points; null otherwise. */
export function vatRateFromText(text: string): VatRateBp | null {
  const cleaned = text.replace(/[\s\u00a0\u202f%]/g, '').replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null
  const value = Number(cleaned)
  const asPercent = value < 1 && value > 0 ? value * 100 : value
  const bp = Math.round(asPercent * 100)
  return (VAT_RATES_BP as readonly number[]).includes(bp) ? (bp as VatRateBp) : null
}

export interface CsvRowProblem {
  line: number
  message: string
}

export type ItemsCsvResult = { ok: true; items: SavedItemInput[] } | { ok: false; problems: CsvRowProblem[] }

const MAX_REPORTED_PROBLEMS = 50

/** Reads an items CSV: the header is required (columns in any order), every bad row is reported by its line. */
export function parseItemsCsv(text: string): ItemsCsvResult {
  const rows = splitCsv(text)
  const header = rows[0]
  if (header === undefined) return { ok: false, problems: [{ line: 1, message: 'Le fichier est vide.' }] }
  const position = new Map(header.cells.map((name, index) => [plain(name), index]))
  const column = (name: (typeof ITEMS_CSV_COLUMNS)[number]) => position.get(plain(name))
  const designationAt = column('Désignation')
  const priceAt = column('Prix unitaire HT')
  if (designationAt === undefined || priceAt === undefined) {
    return {
      ok: false,
      problems: [
        {
          line: header.line,
          message: `La première ligne doit nommer les colonnes : ${ITEMS_CSV_COLUMNS.join(' ; ')} (« Désignation » et « Prix unitaire HT » au moins).`
        }
      ]
    }
  }
  const body = rows.slice(1)
  if (body.length === 0)
    return { ok: false, problems: [{ line: header.line, message: 'Le fichier ne contient aucun article après la ligne des colonnes.' }] }
  if (body.length > SAVED_ITEM_LIMITS.importRows)
    return { ok: false, problems: [{ line: header.line, message: `Un import compte au plus ${SAVED_ITEM_LIMITS.importRows} articles.` }] }
  const items: SavedItemInput[] = []
  const problems: CsvRowProblem[] = []
  const seen = new Map<string, number>()
  for (const row of body) {
    const cell = (at: number | undefined) => unescapedCell(at === undefined ? '' : (row.cells[at] ?? '').trim())
    const reasons: string[] = []
    const unit = unitFromText(cell(column('Unité')))
    if (unit === null) reasons.push(`unité « ${cell(column('Unité'))} » inconnue (${UNITS.join(', ')})`)
    const price = parseEurosToCents(cell(priceAt), LIMITS.maxUnitPriceCents)
    if (!price.ok) reasons.push(`prix : ${price.message.charAt(0).toLowerCase()}${price.message.slice(1).replace(/\.$/, '')}`)
    const vatText = cell(column('TVA'))
    const vat = vatText === '' ? 2000 : vatRateFromText(vatText)
    if (vat === null) reasons.push(`TVA « ${vatText} » inconnue (${VAT_RATES_BP.map((rate) => formatVatRate(rate)).join(', ')})`)
    const input = {
      designation: cell(designationAt),
      unit: unit ?? 'u',
      unitPriceCents: price.ok ? price.value : 0,
      vatRateBp: vat ?? 2000,
      category: cell(column('Catégorie'))
    }
    const checked = checkSavedItem(input)
    if (!checked.ok) {
      if (checked.problems.designation !== undefined)
        reasons.unshift(
          `désignation : ${checked.problems.designation.charAt(0).toLowerCase()}${checked.problems.designation.slice(1).replace(/\.$/, '')}`
        )
      if (checked.problems.category !== undefined) reasons.push(`catégorie : ${checked.problems.category.toLowerCase().replace(/\.$/, '')}`)
    }
    const key = designationKey(input.designation)
    const first = seen.get(key)
    if (key !== '' && first !== undefined) reasons.push(`même désignation qu’à la ligne ${first}`)
    else if (key !== '') seen.set(key, row.line)
    if (reasons.length > 0) problems.push({ line: row.line, message: `Ligne ${row.line} : ${reasons.join(' ; ')}.` })
    else if (checked.ok) items.push(checked.item)
  }
  return problems.length > 0 ? { ok: false, problems: problems.slice(0, MAX_REPORTED_PROBLEMS) } : { ok: true, items }
}

/** The export's formula guard taken off again, so an export imports back unchanged. */
function unescapedCell(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value
}

/** A cell as Excel reads it back: quoted when needed; formulas neutralised (CSV injection). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe
}

const priceFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })

/** The items as a French CSV (BOM, `;`, decimal comma, CRLF): what Excel opens as is and what the import reads back. */
export function itemsToCsv(items: readonly SavedItemInput[]): string {
  const rows = items.map((item) =>
    [
      item.designation,
      item.unit,
      priceFormat.format(item.unitPriceCents / 100),
      formatVatRate(item.vatRateBp).replace('\u202f', ' '),
      item.category
    ]
      .map(csvCell)
      .join(';')
  )
  return `${BOM}${[ITEMS_CSV_COLUMNS.join(';'), ...rows].join('\r\n')}\r\n`
}
