// The saved items routes' contract (`/api/items…`), built from the rules of saved-items.ts.
import { Type, type Static } from '@sinclair/typebox'
import { VAT_RATES_BP } from '../money.js'
import { UNITS } from '../quote.js'
import { LIMITS } from '../quote-totals.js'
import { SAVED_ITEM_LIMITS } from '../saved-items.js'
import { literals, text } from './schema-parts.js'

export const SavedItemInputSchema = Type.Object(
  {
    designation: text(SAVED_ITEM_LIMITS.designation),
    unit: literals(UNITS),
    unitPriceCents: Type.Integer({ minimum: 0, maximum: LIMITS.maxUnitPriceCents }),
    vatRateBp: literals(VAT_RATES_BP),
    category: text(SAVED_ITEM_LIMITS.category)
  },
  { additionalProperties: false }
)

export const SavedItemSchema = Type.Object({
  id: Type.String(),
  designation: Type.String(),
  unit: literals(UNITS),
  unitPriceCents: Type.Integer(),
  vatRateBp: literals(VAT_RATES_BP),
  category: Type.String(),
  updatedAt: Type.String()
})
export type SavedItem = Static<typeof SavedItemSchema>

/** The longest search: the start of a designation, not a whole one. */
export const ITEM_SEARCH_MAX_LENGTH = 120

export const SavedItemListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: ITEM_SEARCH_MAX_LENGTH })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 }))
  },
  { additionalProperties: false }
)

export const SavedItemListBody = Type.Object({
  items: Type.Array(SavedItemSchema),
  /** Every item matching, beyond the ones listed. */
  total: Type.Integer()
})
export type SavedItemList = Static<typeof SavedItemListBody>

export const SavedItemIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })

export const ItemsImportBody = Type.Object({ created: Type.Integer(), updated: Type.Integer() })
export type ItemsImport = Static<typeof ItemsImportBody>
