// Section headings among a quote's lines (« Lot 1 — Plomberie »), as building-trade quotes use
// them: a section runs from its heading to the next one; its subtotal HT is the sum of its lines'
// HT (each already rounded to the cent, as the totals add them). Lines before the first heading
// belong to no section. The one rule the editor, the signing page, the API and the PDF share.
import { isSection, type QuoteContentLine, type QuoteLine, type QuoteSection } from './quote.js'

const isHeading = (line: object): boolean => 'kind' in line && line.kind === 'section'

/**
 * For each line, in order: the subtotal HT of the section it heads, or null for a line of work.
 * A line whose HT is unknown (null: a value being typed) counts for 0, as in the live totals.
 */
export function sectionSubtotals(lines: readonly object[], lineHtCents: ReadonlyArray<number | null>): Array<number | null> {
  const subtotals: Array<number | null> = lines.map(() => null)
  let current = -1
  lines.forEach((line, index) => {
    if (isHeading(line)) {
      current = index
      subtotals[index] = 0
    } else if (current !== -1) {
      subtotals[current] = (subtotals[current] as number) + (lineHtCents[index] ?? 0)
    }
  })
  return subtotals
}

/** What a section prints where it has no title yet (a draft). */
export const UNTITLED_SECTION = 'Section sans titre'

export function sectionTitle(section: QuoteSection): string {
  return section.title.trim() === '' ? UNTITLED_SECTION : section.title.trim()
}

/** « Sous-total Lot 1 — Plomberie ». */
export function subtotalLabel(section: QuoteSection): string {
  return `Sous-total ${sectionTitle(section)}`
}

/** A row of the quote as a document shows it: a heading, a line of work, or a section's subtotal after its last line. */
export type QuoteRow =
  | { kind: 'section'; section: QuoteSection; index: number }
  | { kind: 'line'; line: QuoteLine; index: number; htCents: number }
  | { kind: 'subtotal'; section: QuoteSection; label: string; htCents: number }

/** The rows of the PDF and of the pages that show a quote; without sections, one row per line. */
export function quoteRows(lines: readonly QuoteContentLine[], lineHtCents: readonly number[]): QuoteRow[] {
  const subtotals = sectionSubtotals(lines, lineHtCents)
  const rows: QuoteRow[] = []
  let open: { section: QuoteSection; htCents: number } | null = null
  const close = () => {
    if (open !== null) rows.push({ kind: 'subtotal', section: open.section, label: subtotalLabel(open.section), htCents: open.htCents })
  }
  lines.forEach((line, index) => {
    if (isSection(line)) {
      close()
      open = { section: line, htCents: subtotals[index] ?? 0 }
      rows.push({ kind: 'section', section: line, index })
    } else {
      rows.push({ kind: 'line', line, index, htCents: lineHtCents[index] ?? 0 })
    }
  })
  close()
  return rows
}

/** The lines of work alone (what the totals, the discount column and the completeness look at). */
export function workLines(lines: readonly QuoteContentLine[]): QuoteLine[] {
  return lines.filter((line): line is QuoteLine => !isSection(line))
}
