// The profile's « fill from the SIRET » against a stand-in of the State's company search: the
// name, legal form and the establishment's address of a known SIRET; a clear French refusal for
// a malformed or unknown SIRET; a French message, not a 500, when the service fails or does not
// answer in time (COMPANY_SEARCH_TIMEOUT_MS); signed-in professionals only.
import t from 'tap'
import { buildWorkspaceApp, newUser } from '../support/workspace-users.js'
import { MENUISERIE_MARTIN, startCompanySearchStandIn } from '../support/company-search-stand-in.js'

const standIn = await startCompanySearchStandIn([MENUISERIE_MARTIN])
t.teardown(() => standIn.close())
// Three seconds: long enough for the stand-in on a loaded machine, short enough for the silent case.
const app = await buildWorkspaceApp(undefined, { COMPANY_SEARCH_URL: standIn.url, COMPANY_SEARCH_TIMEOUT_MS: '3000' })
t.teardown(() => app.close())
const user = await newUser(app)
const lookUp = (siret: string) => user.request('GET', `/api/company-search?siret=${encodeURIComponent(siret)}`)

t.test('a known SIRET: the company’s name, form and this establishment’s address', async (t) => {
  const found = await lookUp('732 829 320 00074')
  t.equal(found.statusCode, 200)
  t.same(found.json(), {
    siret: '73282932000074',
    companyName: 'MENUISERIE MARTIN',
    legalForm: 'SAS',
    address: '12 RUE DES LILAS\n69003 LYON'
  })
  t.equal(standIn.queries.at(-1), '73282932000074', 'asked with the digits only')
  const head = await lookUp('73282932000017')
  t.equal(head.json<{ address: string }>().address, '1 AVENUE JEAN JAURES\n69007 LYON', 'the head office’s own address')
})

t.test('a malformed or unknown SIRET: said in French, nothing asked for a malformed one', async (t) => {
  const asked = standIn.queries.length
  const malformed = await lookUp('1234')
  t.equal(malformed.statusCode, 400)
  t.equal(malformed.json<{ error: { message: string } }>().error.message, 'Le SIRET compte 14 chiffres.')
  t.equal(standIn.queries.length, asked, 'the service is not asked')
  const unknown = await lookUp('443 061 841 00047')
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json<{ error: { message: string } }>().error.message, /ne connaît pas ce SIRET/)
})

t.test('the service failing or silent: 503 and a French message, within the timeout', async (t) => {
  for (const mode of ['fail', 'hang'] as const) {
    standIn.mode = mode
    const started = Date.now()
    const answer = await lookUp('73282932000074')
    t.equal(answer.statusCode, 503, mode)
    t.match(answer.json<{ error: { message: string } }>().error.message, /ne répond pas pour le moment : remplissez les champs vous-même/)
    t.ok(Date.now() - started < 15_000, `${mode}: answered in ${Date.now() - started} ms`)
  }
  standIn.mode = 'answer'
})

t.test('signed-in professionals only', async (t) => {
  const anonymous = await app.inject({ method: 'GET', url: '/api/company-search?siret=73282932000074' })
  t.equal(anonymous.statusCode, 401)
})
