// The company's saved items, read and written as the requesting member under RLS (the policies
// keep each company to its own catalogue; company_id is written explicitly for the insert check).
import type { SavedItem, SavedItemList } from '@paraphe/shared/api/saved-item-schemas'
import { SAVED_ITEM_LIMITS, type SavedItemInput } from '@paraphe/shared/saved-items'
import { theRow, type Queryable } from '../db/database.js'
import { ApiProblem, notFound } from '../errors.js'
import { likeLiteral, wordConditions } from '../db/like-search.js'
import { isRowId } from '../db/row-id.js'

interface ItemRow {
  id: string
  designation: string
  unit: SavedItem['unit']
  unit_price_cents: number
  vat_rate_bp: SavedItem['vatRateBp']
  category: string
  updated_at: string | Date
}

const COLUMNS = 'id, designation, unit, unit_price_cents, vat_rate_bp, category, updated_at'

function toItem(row: ItemRow): SavedItem {
  return {
    id: row.id,
    designation: row.designation,
    unit: row.unit,
    unitPriceCents: row.unit_price_cents,
    vatRateBp: row.vat_rate_bp,
    category: row.category,
    updatedAt: new Date(row.updated_at).toISOString()
  }
}

const missing = () => notFound('Cet article est introuvable.')
const duplicate = () =>
  new ApiProblem(409, 'duplicate_item', 'Un article porte déjà cette désignation : modifiez-le plutôt.', {
    designation: 'Un article porte déjà cette désignation.'
  })

/** The items matching `search` (every word, in the designation or the category), the closest first. */
export async function listItems(tx: Queryable, options: { search?: string; limit: number }): Promise<SavedItemList> {
  const params: unknown[] = []
  const conditions = wordConditions(options.search, "lower(designation || ' ' || category)", params)
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
  // A designation that starts with what was typed comes before one that merely contains it.
  const first = options.search?.trim().toLowerCase() ?? ''
  const startsWith =
    first === '' || first.includes('\u0000') ? '' : `lower(designation) like $${params.push(`${likeLiteral(first)}%`)} desc, `
  // The count of all matches rides along with the page (a window over the filtered rows, taken
  // before the limit): one query per keystroke of the editor's search, not two.
  const { rows } = await tx.query<ItemRow & { total: number | string }>(
    `select ${COLUMNS}, count(*) over () as total from paraphe.saved_items ${where}
      order by ${startsWith}category, lower(designation), id limit $${params.push(options.limit)}`,
    params
  )
  return { items: rows.map(toItem), total: Number(rows[0]?.total ?? 0) }
}

export async function allItems(tx: Queryable): Promise<SavedItem[]> {
  const { rows } = await tx.query<ItemRow>(`select ${COLUMNS} from paraphe.saved_items order by category, lower(designation), id`)
  return rows.map(toItem)
}

async function assertRoomFor(tx: Queryable, added: number): Promise<void> {
  const count = (await tx.query<{ n: number }>('select count(*) as n from paraphe.saved_items')).rows[0]?.n ?? 0
  if (count + added > SAVED_ITEM_LIMITS.count) {
    throw new ApiProblem(
      409,
      'too_many_items',
      `Vos articles sont limités à ${SAVED_ITEM_LIMITS.count} : supprimez ceux qui ne servent plus.`
    )
  }
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

export async function createItem(tx: Queryable, companyId: string, item: SavedItemInput): Promise<SavedItem> {
  await assertRoomFor(tx, 1)
  const { rows } = await tx
    .query<ItemRow>(
      `insert into paraphe.saved_items (company_id, designation, unit, unit_price_cents, vat_rate_bp, category)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
      [companyId, item.designation, item.unit, item.unitPriceCents, item.vatRateBp, item.category]
    )
    .catch((error: unknown) => {
      // The unique index is the one check: a designation already there, or saved by another member at the same moment.
      throw isUniqueViolation(error) ? duplicate() : error
    })
  return toItem(theRow(rows))
}

export async function updateItem(tx: Queryable, id: string, item: SavedItemInput): Promise<SavedItem> {
  if (!isRowId(id)) throw missing()
  const { rows } = await tx
    .query<ItemRow>(
      `update paraphe.saved_items set designation = $2, unit = $3, unit_price_cents = $4, vat_rate_bp = $5, category = $6, updated_at = now()
      where id = $1 returning ${COLUMNS}`,
      [id, item.designation, item.unit, item.unitPriceCents, item.vatRateBp, item.category]
    )
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error
    })
  if (rows[0] === undefined) throw missing()
  return toItem(rows[0])
}

export async function deleteItem(tx: Queryable, id: string): Promise<void> {
  if (!isRowId(id)) throw missing()
  const { rowCount } = await tx.query('delete from paraphe.saved_items where id = $1', [id])
  if (rowCount === 0) throw missing()
}

/** Adds the new designations, updates the known ones (one transaction: all or nothing). */
export async function importItems(
  tx: Queryable,
  companyId: string,
  items: readonly SavedItemInput[]
): Promise<{ created: number; updated: number }> {
  // One statement for the whole file (up to 5 000 rows), not a round trip per row. The parser
  // refuses a designation twice in one file, so no row is upserted twice by this statement.
  const { rows } = await tx.query<{ created: string; updated: string }>(
    `with upserted as (
       insert into paraphe.saved_items (company_id, designation, unit, unit_price_cents, vat_rate_bp, category)
       select $1, designation, unit, unit_price_cents, vat_rate_bp, category
         from unnest($2::text[], $3::text[], $4::bigint[], $5::int[], $6::text[])
           as row (designation, unit, unit_price_cents, vat_rate_bp, category)
       on conflict (company_id, md5(lower(designation)))
       do update set designation = excluded.designation, unit = excluded.unit, unit_price_cents = excluded.unit_price_cents,
                     vat_rate_bp = excluded.vat_rate_bp, category = excluded.category, updated_at = now()
       returning (xmax = 0) as inserted
     )
     select count(*) filter (where inserted) as created, count(*) filter (where not inserted) as updated from upserted`,
    [
      companyId,
      items.map((item) => item.designation),
      items.map((item) => item.unit),
      items.map((item) => item.unitPriceCents),
      items.map((item) => item.vatRateBp),
      items.map((item) => item.category)
    ]
  )
  const created = Number(rows[0]?.created ?? 0)
  const updated = Number(rows[0]?.updated ?? 0)
  // Counted after the upserts: re-importing a full catalogue only updates, and must not be refused.
  await assertRoomFor(tx, 0)
  return { created, updated }
}
