// A NUL character cannot be stored in any PostgreSQL text or jsonb column: anywhere in a JSON
// body it is refused on its field in French before any rule or SQL reads it, with what was saved
// before left as it was (it answered 500 from SQL on the profile and the quotes). The embedded
// accounts refuse it in GoTrue's error shape. Query and path values are only looked up: a
// search holding one still finds nothing, with no error.
import { buildApp } from '../helper.js'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../support/workspace-users.js'
import t from 'tap'

const NUL = 'a\u0000b'
const MESSAGE = 'Ce texte contient un caractère invalide.'
interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> }
}

forEachEngine('a NUL character in a JSON body is refused on its field, nothing saved changes', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const user = await newUser(app)
  t.equal((await user.request('PUT', '/api/profile', COMPLETE_PROFILE)).statusCode, 200)

  const profile = await user.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, companyName: NUL, insurer: `MAAF${NUL}` })
  t.equal(profile.statusCode, 400)
  t.same(
    profile.json<ErrorJson>().error,
    { code: 'validation_failed', message: 'Certains champs sont invalides.', fields: { companyName: MESSAGE, insurer: MESSAGE } },
    'each field holding one is named'
  )
  t.match(
    (await user.request('GET', '/api/profile')).json(),
    { profile: { companyName: 'Dupont Rénovation', insurer: 'MAAF Assurances' } },
    'the saved profile is unchanged'
  )

  const content = completeContent('2026-11-25')
  const quote = await user.request('POST', '/api/quotes', {
    content: { ...content, lines: [content.lines[0], { ...content.lines[1], description: `Main-d’œuvre${NUL}` }] }
  })
  t.equal(quote.statusCode, 400)
  t.same(quote.json<ErrorJson>().error.fields, { 'content.lines.1.description': MESSAGE }, 'a line’s field named by its place in the quote')
  t.equal((await user.request('GET', '/api/quotes')).json<{ quotes: unknown[] }>().quotes.length, 0, 'no quote was created')

  const created = await user.request('POST', '/api/quotes', { content })
  const { id, version } = created.json<{ quote: { id: string; version: number } }>().quote
  const autosave = await user.request('PUT', `/api/quotes/${id}`, { version, content: { ...content, title: NUL } })
  t.same([autosave.statusCode, autosave.json<ErrorJson>().error.fields], [400, { 'content.title': MESSAGE }])
  t.match(
    (await user.request('GET', `/api/quotes/${id}`)).json(),
    { quote: { title: content.title, version } },
    'the draft keeps its last good title and version'
  )

  t.equal((await user.request('GET', `/api/items?q=${encodeURIComponent(NUL)}`)).statusCode, 200, 'a search holding one is no error')
})

t.test('embedded accounts: a NUL character is refused in GoTrue’s shape, never a 500', async (t) => {
  const app = await buildApp()
  t.teardown(() => app.close())
  const refused = { code: 400, error_code: 'validation_failed', msg: 'Request contains an invalid character' }
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    payload: { email: 'nul@example.fr', password: 'Motdepasse-long-42', data: { full_name: NUL } }
  })
  t.same([signup.statusCode, signup.json()], [400, refused], 'sign-up with a name holding one')
  const token = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email: `x${NUL}@example.fr`, password: 'Motdepasse-long-42' }
  })
  t.same([token.statusCode, token.json()], [400, refused], 'sign-in with an address holding one')
  const fine = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    payload: { email: 'nul@example.fr', password: 'Motdepasse-long-42', data: { full_name: 'Ana' } }
  })
  t.equal(fine.statusCode, 200, 'the same sign-up without it goes through')
})
