// The items page's form: the price as typed (« 1 234,50 »), turned into the SavedItemInput the
// API stores with the same rules and French messages as the gateway (shared/saved-items.ts).
import { formatCentsInput, parseEurosToCents } from '@paraphe/shared/decimal-input'
import { STANDARD_VAT_BP, type VatRateBp } from '@paraphe/shared/money'
import type { Unit } from '@paraphe/shared/quote'
import { LIMITS } from '@paraphe/shared/quote-totals'
import { checkSavedItem, type SavedItemInput } from '@paraphe/shared/saved-items'
import type { ItemsImport, SavedItem } from '@/lib/items-api'

export interface ItemForm {
  designation: string
  unit: Unit
  unitPrice: string
  vatRateBp: VatRateBp
  category: string
}

/** Field → message, keyed like the API's `fields` so a refusal lands on the same control. */
export type ItemFormProblems = Partial<Record<'designation' | 'unitPriceCents' | 'category' | 'unit' | 'vatRateBp', string>>

export const EMPTY_ITEM_FORM: ItemForm = { designation: '', unit: 'u', unitPrice: '', vatRateBp: STANDARD_VAT_BP, category: '' }

export function itemFormOf(item: SavedItem): ItemForm {
  return {
    designation: item.designation,
    unit: item.unit,
    unitPrice: formatCentsInput(item.unitPriceCents),
    vatRateBp: item.vatRateBp,
    category: item.category
  }
}

export function itemInputOf(form: ItemForm): { ok: true; input: SavedItemInput } | { ok: false; problems: ItemFormProblems } {
  const price = parseEurosToCents(form.unitPrice, LIMITS.maxUnitPriceCents)
  const checked = checkSavedItem({
    designation: form.designation,
    unit: form.unit,
    unitPriceCents: price.ok ? price.value : 0,
    vatRateBp: form.vatRateBp,
    category: form.category
  })
  const problems: ItemFormProblems = checked.ok ? {} : { ...checked.problems }
  if (!price.ok) problems.unitPriceCents = price.message
  return checked.ok && price.ok ? { ok: true, input: checked.item } : { ok: false, problems }
}

/** « Import terminé : 3 articles ajoutés, 1 mis à jour. » */
export function importSummary({ created, updated }: ItemsImport): string {
  return `Import terminé : ${created} article${created > 1 ? 's' : ''} ajouté${created > 1 ? 's' : ''}, ${updated} mis à jour.`
}
