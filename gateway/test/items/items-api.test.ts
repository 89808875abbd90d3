// Saved items (« Articles ») through the API, on PGlite and PostgreSQL 15: saved, found as one
// types, edited, deleted; one article per designation; shared by the company's members and
// invisible to other companies; the French CSV exported, re-imported unchanged, and a bad file
// refused whole with every bad row named by its line.
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import type { Database } from '../../src/db/database.js'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, newUser, type TestUser } from '../support/workspace-users.js'

interface Item {
  id: string
  designation: string
  unit: string
  unitPriceCents: number
  vatRateBp: number
  category: string
}
interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> }
}

const wc = { designation: 'Fourniture et pose WC suspendu', unit: 'u', unitPriceCents: 48_000, vatRateBp: 1000, category: 'Plomberie' }
const hour = { designation: 'Main-d’œuvre plombier', unit: 'h', unitPriceCents: 5_500, vatRateBp: 1000, category: 'Plomberie' }
const paint = { designation: 'Peinture murs, 2 couches', unit: 'm²', unitPriceCents: 2_450, vatRateBp: 1000, category: 'Peinture' }

async function setUp(t: Test, db: Database): Promise<{ app: FastifyInstance; user: TestUser }> {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  return { app, user: await newUser(app) }
}

function importCsv(app: FastifyInstance, user: TestUser, csv: string | Buffer, type = 'text/csv') {
  return app.inject({
    method: 'POST',
    url: '/api/items/import',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
    payload: csv
  })
}

forEachEngine('saved items: save, find as one types, edit, delete', async (t, db) => {
  const { user } = await setUp(t, db)
  t.same((await user.request('GET', '/api/items')).json(), { items: [], total: 0 }, 'a new company has no article')
  const created = await user.request('POST', '/api/items', { ...wc, designation: '  Fourniture et pose WC suspendu ' })
  t.equal(created.statusCode, 201)
  t.match(created.json<Item>(), { ...wc, id: /^[0-9a-f-]{36}$/ }, 'stored trimmed')
  for (const item of [hour, paint]) t.equal((await user.request('POST', '/api/items', item)).statusCode, 201)

  const found = (q: string) =>
    user
      .request('GET', `/api/items?q=${encodeURIComponent(q)}&limit=10`)
      .then((response) => response.json<{ items: Item[]; total: number }>())
  t.same(
    (await found('pose')).items.map((item) => item.designation),
    [wc.designation],
    'a word of the designation'
  )
  t.same(
    (await found('PLOMB')).items.map((item) => item.designation).sort(),
    [wc.designation, hour.designation].sort(),
    'the category, without case'
  )
  t.same(
    (await found('main plombier')).items.map((item) => item.designation),
    [hour.designation],
    'every word typed'
  )
  t.same((await found('50%')).items, [], '% is not a wildcard')
  t.same((await found('\u0000')).items, [], 'a NUL byte matches nothing, and is no error')
  const starts = await user.request('POST', '/api/items', { ...paint, designation: 'Plinthes bois', category: 'Menuiserie' })
  t.equal(starts.statusCode, 201)
  t.equal((await found('pl')).items[0]?.designation, 'Plinthes bois', 'a designation that starts with the text comes first')
  const limited = await user.request('GET', '/api/items?limit=2')
  t.equal(limited.json<{ items: Item[]; total: number }>().items.length, 2)
  t.equal(limited.json<{ total: number }>().total, 4, 'the total counts beyond the limit')

  const id = created.json<Item>().id
  const edited = await user.request('PUT', `/api/items/${id}`, { ...wc, unitPriceCents: 49_900 })
  t.equal(edited.statusCode, 200)
  t.equal(edited.json<Item>().unitPriceCents, 49_900)
  t.equal((await user.request('DELETE', `/api/items/${id}`)).statusCode, 204)
  t.equal((await user.request('DELETE', `/api/items/${id}`)).json<ErrorJson>().error.message, 'Cet article est introuvable.')
  t.equal((await user.request('PUT', '/api/items/pas-un-id', wc)).statusCode, 404, 'a malformed id is not found, not a 500')
})

forEachEngine('saved items: one per designation, French messages, members share them, other companies never see them', async (t, db) => {
  const { app, user } = await setUp(t, db)
  t.equal((await user.request('POST', '/api/items', wc)).statusCode, 201)
  const again = await user.request('POST', '/api/items', { ...wc, designation: wc.designation.toUpperCase() })
  t.equal(again.statusCode, 409)
  t.equal(again.json<ErrorJson>().error.fields?.['designation'], 'Un article porte déjà cette désignation.')
  const other = (await user.request('POST', '/api/items', hour)).json<Item>()
  t.equal((await user.request('PUT', `/api/items/${other.id}`, wc)).statusCode, 409, 'renaming onto another article is refused')

  const blank = await user.request('POST', '/api/items', { ...wc, designation: '   ' })
  t.equal(blank.statusCode, 400)
  t.equal(blank.json<ErrorJson>().error.fields?.['designation'], 'Indiquez la désignation de l’article.')
  for (const field of ['designation', 'category'] as const) {
    const nul = await user.request('POST', '/api/items', { ...wc, designation: 'Robinet', [field]: 'a\u0000b' })
    t.same(
      [nul.statusCode, nul.json<ErrorJson>().error.fields?.[field]],
      [400, 'Ce texte contient un caractère invalide.'],
      `a NUL character in the ${field} is refused on its field, not a 500`
    )
  }
  const badRate = await user.request('POST', '/api/items', { ...wc, vatRateBp: 1900 })
  t.equal(badRate.statusCode, 400, 'a VAT rate outside the list')
  t.match(badRate.json<ErrorJson>().error.message, /[a-zé]/)

  const stranger = await newUser(app)
  t.same((await stranger.request('GET', '/api/items')).json(), { items: [], total: 0 }, 'another company sees none')
  t.equal((await stranger.request('DELETE', `/api/items/${other.id}`)).statusCode, 404, 'nor deletes one')
  t.equal((await stranger.request('PUT', `/api/items/${other.id}`, hour)).statusCode, 404, 'nor edits one')
  t.equal((await user.request('GET', '/api/items')).json<{ total: number }>().total, 2, 'both are still there')
})

forEachEngine('saved items CSV: exported in French, imported back unchanged, bad rows named by line', async (t, db) => {
  const { app, user } = await setUp(t, db)
  const tricky = {
    designation: '=HYPERLINK("x") ; « dépose » \n2e ligne',
    unit: 'forfait',
    unitPriceCents: 123_456,
    vatRateBp: 550,
    category: ''
  }
  for (const item of [wc, paint, tricky]) t.equal((await user.request('POST', '/api/items', item)).statusCode, 201)
  const exported = await user.request('GET', '/api/items/export')
  t.equal(exported.statusCode, 200)
  t.match(exported.headers['content-type'], /^text\/csv; charset=utf-8/)
  t.match(exported.headers['content-disposition'], /attachment; filename="articles\.csv"/)
  const csv = exported.body
  t.ok(csv.startsWith('\ufeffDésignation;Unité;Prix unitaire HT;TVA;Catégorie\r\n'), 'BOM and the French header')
  t.match(csv, /Fourniture et pose WC suspendu;u;480,00;10 %;Plomberie\r\n/, 'decimal comma, rate in percent')
  t.match(csv, /"'=HYPERLINK\(""x""\) ; « dépose » \n2e ligne";forfait;1234,56;5,5 %;\r\n/, 'quoted, and a formula neutralised')

  const importer = await newUser(app)
  const imported = await importCsv(app, importer, csv)
  t.equal(imported.statusCode, 200)
  t.same(imported.json(), { created: 3, updated: 0 })
  const copy = (await importer.request('GET', '/api/items?limit=200')).json<{ items: Item[] }>().items
  const strip = (items: Item[]) =>
    items
      .map(({ designation, unit, unitPriceCents, vatRateBp, category }) => ({ designation, unit, unitPriceCents, vatRateBp, category }))
      .sort((a, b) => a.designation.localeCompare(b.designation))
  t.same(strip(copy), strip([wc, paint, tricky] as Item[]), 'the export imports back unchanged, the formula guard removed')
  t.same((await importCsv(app, importer, csv)).json(), { created: 0, updated: 3 }, 'importing again updates, never duplicates')

  const spreadsheet = [
    'designation;prix unitaire ht;unite;tva',
    'Dépose ancien WC;85;forfait;20',
    'Tube cuivre 14 mm;12,5;ml;20 %',
    'Déplacement;1 234,50 €;U;0,1'
  ].join('\n')
  t.same(
    (await importCsv(app, importer, spreadsheet)).json(),
    { created: 3, updated: 0 },
    'columns in any order, no accents, units and rates as people write them'
  )
  const tube = (await importer.request('GET', '/api/items?q=cuivre')).json<{ items: Item[] }>().items[0]
  t.match(tube, { unit: 'm', unitPriceCents: 1_250, vatRateBp: 2000, category: '' })

  const bad = [
    'Désignation;Unité;Prix unitaire HT;TVA',
    'Bon article;u;10;20',
    ';u;10;20',
    'Prix faux;u;dix euros;20',
    'Unité fausse;palette;10;20',
    'Taux faux;u;10;19,6',
    'bon article;h;12;20'
  ].join('\r\n')
  const refused = await importCsv(app, importer, bad)
  t.equal(refused.statusCode, 400)
  const body = refused.json<ErrorJson>()
  t.equal(body.error.message, 'Rien n’a été importé : 5 lignes sont à corriger dans le fichier.')
  t.same(Object.keys(body.error.fields ?? {}), ['3', '4', '5', '6', '7'], 'each bad row by its line number')
  t.match(body.error.fields?.['3'], /^Ligne 3 : désignation : indiquez la désignation/)
  t.match(body.error.fields?.['4'], /^Ligne 4 : prix : le montant doit être un nombre/)
  t.match(body.error.fields?.['5'], /unité « palette » inconnue/)
  t.match(body.error.fields?.['6'], /TVA « 19,6 » inconnue/)
  t.match(body.error.fields?.['7'], /même désignation qu’à la ligne 2/)
  t.equal((await importer.request('GET', '/api/items?q=bon')).json<{ total: number }>().total, 0, 'nothing of a refused file was kept')

  const noHeader = await importCsv(app, importer, 'WC;u;10;20\n')
  t.match(noHeader.json<ErrorJson>().error.fields?.['1'], /La première ligne doit nommer les colonnes/)
  const latin1 = await importCsv(app, importer, Buffer.from('Désignation;Prix unitaire HT\nCâble;3\n', 'latin1'))
  t.equal(latin1.statusCode, 400)
  t.match(latin1.json<ErrorJson>().error.message, /CSV UTF-8/)
  t.equal((await importCsv(app, importer, '')).statusCode, 400, 'an empty file is explained, not a 500')
  const huge = await importCsv(app, importer, `Désignation;Prix unitaire HT\n${'x;1\n'.repeat(600_000)}`)
  t.equal(huge.statusCode, 413, 'a file beyond 2 MB is refused before it is read')
  t.match(huge.json<ErrorJson>().error.message, /[a-zé]/)
})
