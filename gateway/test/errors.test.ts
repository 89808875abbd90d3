import t from 'tap'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './helper.js'

// Routes made for this test so that each branch of the error handler runs as it will for the
// product's API routes.
async function probeRoutes(fastify: FastifyInstance) {
  fastify.post(
    '/api/_probe/validate',
    { schema: { body: Type.Object({ email: Type.String({ format: 'email' }), montant: Type.Integer() }) } },
    async () => ({ ok: true })
  )
  fastify.get('/api/_probe/crash', async () => {
    throw new Error('database password is hunter2')
  })
  fastify.get('/api/_probe/teapot', async () => {
    throw Object.assign(new Error('short and stout'), { statusCode: 418 })
  })
}

const app = await buildApp({}, { extra: probeRoutes })
t.teardown(() => app.close())

t.test('validation errors name the fields, in French', async (t) => {
  const response = await app.inject({ method: 'POST', url: '/api/_probe/validate', payload: { email: 'x', montant: 'beaucoup' } })
  t.equal(response.statusCode, 400)
  const body = response.json<{ error: { code: string; message: string; fields: Record<string, string> } }>()
  t.equal(body.error.code, 'validation_failed')
  t.equal(body.error.message, 'Certains champs sont invalides.')
  t.ok(Object.keys(body.error.fields).length >= 1)
  const missing = await app.inject({ method: 'POST', url: '/api/_probe/validate', payload: { montant: 3 } })
  t.equal(missing.statusCode, 400)
  t.same(missing.json<{ error: { fields: object } }>().error.fields, { email: 'Champ obligatoire.' }, 'missing property named')
  const notAnObject = await app.inject({
    method: 'POST',
    url: '/api/_probe/validate',
    headers: { 'content-type': 'application/json' },
    payload: '"bonjour"'
  })
  t.equal(notAnObject.statusCode, 400)
  t.same(notAnObject.json<{ error: { fields: object } }>().error.fields, { body: 'Ce champ doit être un objet.' })
})

t.test('a crash is a 500 with a generic French message and no internals', async (t) => {
  const response = await app.inject({ url: '/api/_probe/crash' })
  t.equal(response.statusCode, 500)
  t.same(response.json(), { error: { code: 'internal_error', message: 'Une erreur interne est survenue. Réessayez dans un instant.' } })
  t.notMatch(response.body, /hunter2/)
})

t.test('other client errors keep a French message', async (t) => {
  const malformed = await app.inject({
    method: 'POST',
    url: '/api/_probe/validate',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":'
  })
  t.equal(malformed.statusCode, 400)
  t.equal(malformed.json<{ error: { message: string } }>().error.message, 'La requête est invalide.')
  const tooLarge = await app.inject({
    method: 'POST',
    url: '/api/_probe/validate',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'a'.repeat(1_100_000) })
  })
  t.equal(tooLarge.statusCode, 413)
  t.equal(tooLarge.json<{ error: { message: string } }>().error.message, 'Le contenu envoyé est trop volumineux.')
  const wrongType = await app.inject({
    method: 'POST',
    url: '/api/_probe/validate',
    headers: { 'content-type': 'application/xml' },
    payload: '<a/>'
  })
  t.equal(wrongType.statusCode, 415)
  t.equal(wrongType.json<{ error: { message: string } }>().error.message, 'Ce type de contenu n’est pas accepté.')
  const teapot = await app.inject({ url: '/api/_probe/teapot' })
  t.equal(teapot.statusCode, 418)
  t.equal(teapot.json<{ error: { message: string } }>().error.message, 'La requête n’a pas pu être traitée.')
})

t.test('a malformed %-escape in the path: 400 JSON in French, not Fastify’s English (found by fuzzing)', async (t) => {
  const app = await buildApp()
  t.teardown(() => app.close())
  const response = await app.inject({ url: '/api/sign/%ZZ' })
  t.equal(response.statusCode, 400)
  t.same(response.json(), { error: { code: 'bad_url', message: 'Adresse invalide : un caractère encodé (%) y est mal formé.' } })
})
