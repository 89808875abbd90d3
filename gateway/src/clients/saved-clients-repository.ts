// The company's saved clients, read and written as the requesting member under RLS (the policies
// keep each company to its own address book; company_id is written explicitly for the insert check).
import type { SavedClient, SavedClientList, SavedClientPage } from '@paraphe/shared/api/saved-client-schemas'
import { SAVED_CLIENT_LIMITS, type SavedClientInput } from '@paraphe/shared/saved-clients'
import { theRow, type Queryable } from '../db/database.js'
import { ApiProblem, notFound } from '../errors.js'
import { likeLiteral, wordConditions } from '../db/like-search.js'
import { isRowId } from '../db/row-id.js'
import { toSummary, type QuoteSummaryRow } from '../quotes/quote-rows.js'

interface ClientRow {
  id: string
  kind: SavedClient['kind']
  name: string
  company: string
  email: string
  phone: string
  address: string
  site_address: string
  siret: string
  notes: string
  updated_at: string | Date
}

const COLUMNS = 'id, kind, name, company, email, phone, address, site_address, siret, notes, updated_at'
/** What the search looks in: the names, the e-mail and the phone. */
const SEARCHED = "lower(name || ' ' || company || ' ' || email || ' ' || phone)"
/** The order of the list: by the name a client goes by (the company of a business). */
const SORT_NAME = "lower(case when kind = 'business' then company else name end)"

function toClient(row: ClientRow): SavedClient {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    address: row.address,
    siteAddress: row.site_address,
    siret: row.siret,
    notes: row.notes,
    updatedAt: new Date(row.updated_at).toISOString()
  }
}

const missing = () => notFound('Ce client est introuvable.')
const duplicate = () =>
  new ApiProblem(409, 'duplicate_client', 'Ce client est déjà enregistré (même nom et même e-mail) : modifiez-le plutôt.', {
    name: 'Un client enregistré porte déjà ce nom et cette adresse e-mail.'
  })
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
const values = (client: SavedClientInput) => [
  client.kind,
  client.name,
  client.company,
  client.email,
  client.phone,
  client.address,
  client.siteAddress,
  client.siret,
  client.notes
]

/** The clients matching `search` (every word, in the names, e-mail or phone), those whose name starts with it first. */
export async function listClients(tx: Queryable, options: { search?: string; limit: number }): Promise<SavedClientList> {
  const params: unknown[] = []
  const conditions = wordConditions(options.search, SEARCHED, params)
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
  const first = options.search?.trim().toLowerCase() ?? ''
  const startsWith = first === '' || first.includes('\u0000') ? '' : `${SORT_NAME} like $${params.push(`${likeLiteral(first)}%`)} desc, `
  // The count of all matches rides along with the page, as for the saved items: one query per keystroke.
  const { rows } = await tx.query<ClientRow & { total: number | string }>(
    `select ${COLUMNS}, count(*) over () as total from paraphe.saved_clients ${where}
      order by ${startsWith}${SORT_NAME}, id limit $${params.push(options.limit)}`,
    params
  )
  return { clients: rows.map(toClient), total: Number(rows[0]?.total ?? 0) }
}

async function findClient(tx: Queryable, id: string): Promise<SavedClient> {
  if (!isRowId(id)) throw missing()
  const { rows } = await tx.query<ClientRow>(`select ${COLUMNS} from paraphe.saved_clients where id = $1`, [id])
  if (rows[0] === undefined) throw missing()
  return toClient(rows[0])
}

/** How many of a client's quotes its page lists (the newest). */
export const CLIENT_PAGE_QUOTES = 200

/** The client and the quotes linked to them, the most recently changed first. */
export async function clientPage(tx: Queryable, id: string): Promise<SavedClientPage> {
  const client = await findClient(tx, id)
  const { rows } = await tx.query<QuoteSummaryRow>(
    `select id, number, status, content ->> 'title' as title, content -> 'client' as client,
            total_ttc_cents, content ->> 'issueDate' as issue_date, expires_on, created_at, updated_at, sent_at
       from paraphe.quotes where saved_client_id = $1
      order by updated_at desc, id desc limit $2`,
    [id, CLIENT_PAGE_QUOTES]
  )
  return { client, quotes: rows.map(toSummary) }
}

async function assertRoom(tx: Queryable): Promise<void> {
  const count = Number((await tx.query<{ n: number | string }>('select count(*) as n from paraphe.saved_clients')).rows[0]?.n ?? 0)
  if (count >= SAVED_CLIENT_LIMITS.count) {
    throw new ApiProblem(
      409,
      'too_many_clients',
      `Vos clients enregistrés sont limités à ${SAVED_CLIENT_LIMITS.count} : supprimez ceux qui ne servent plus.`
    )
  }
}

export async function createClient(tx: Queryable, companyId: string, client: SavedClientInput): Promise<SavedClient> {
  await assertRoom(tx)
  const { rows } = await tx
    .query<ClientRow>(
      `insert into paraphe.saved_clients (company_id, kind, name, company, email, phone, address, site_address, siret, notes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
      [companyId, ...values(client)]
    )
    .catch((error: unknown) => {
      // The unique index is the one check, also against another member saving the same client at the same moment.
      throw isUniqueViolation(error) ? duplicate() : error
    })
  return toClient(theRow(rows))
}

export async function updateClient(tx: Queryable, id: string, client: SavedClientInput): Promise<SavedClient> {
  if (!isRowId(id)) throw missing()
  const { rows } = await tx
    .query<ClientRow>(
      `update paraphe.saved_clients set kind = $2, name = $3, company = $4, email = $5, phone = $6, address = $7, site_address = $8,
              siret = $9, notes = $10, updated_at = now()
        where id = $1 returning ${COLUMNS}`,
      [id, ...values(client)]
    )
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error
    })
  if (rows[0] === undefined) throw missing()
  return toClient(rows[0])
}

/**
 * Deletes the client; their quotes stay as they are, with their own copy of the client, and are
 * unlinked (the foreign key sets them to null). A draft also forgets the link in its content, so
 * that the editor does not send it back.
 */
export async function deleteClient(tx: Queryable, id: string): Promise<void> {
  if (!isRowId(id)) throw missing()
  await tx.query(`update paraphe.quotes set content = content - 'savedClientId' where saved_client_id = $1 and status = 'draft'`, [id])
  const { rowCount } = await tx.query('delete from paraphe.saved_clients where id = $1', [id])
  if (rowCount === 0) throw missing()
}
