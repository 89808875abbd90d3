// Each kind of schema problem gets a French sentence a user can act on, under the field's name.
import t from 'tap'
import type { FastifySchemaValidationError } from 'fastify/types/schema.js'
import { fieldMessages } from '../../src/http/validation-messages.js'

const issue = (keyword: string, instancePath: string, params: Record<string, unknown>): FastifySchemaValidationError => ({
  keyword,
  instancePath,
  schemaPath: '#',
  params,
  message: 'ignored'
})

t.test('one French message per field, the first problem of each', async (t) => {
  t.same(
    fieldMessages([
      issue('required', '', { missingProperty: 'name' }),
      issue('type', '/quantity', { type: 'number' }),
      issue('type', '/tags', { type: 'array' }),
      issue('type', '/odd', { type: 'weird' }),
      issue('maxLength', '/title', { limit: 1 }),
      issue('minLength', '/title', { limit: 1 }),
      issue('minLength', '/code', { limit: 6 }),
      issue('minLength', '/nom', { limit: 1 }),
      issue('maximum', '/discount', { limit: 10000 }),
      issue('maxItems', '/lines', { limit: 200 }),
      issue('additionalProperties', '', { additionalProperty: 'admin' }),
      issue('format', '/email', { format: 'email' }),
      issue('anyOf', '/unit', {})
    ]),
    {
      name: 'Champ obligatoire.',
      quantity: 'Ce champ doit être un nombre.',
      tags: 'Ce champ doit être une liste.',
      odd: 'Ce champ doit être d’un autre type.',
      title: 'Au plus 1 caractère.',
      code: 'Au moins 6 caractères.',
      nom: 'Ce champ ne peut pas être vide.',
      discount: 'La valeur doit être au plus 10000.',
      lines: 'Au plus 200 éléments.',
      admin: 'Champ inconnu : admin.',
      email: 'Format invalide.',
      unit: 'Valeur non acceptée.'
    }
  )
})

t.test('a percentage or an amount is limited in the unit the form shows, never in basis points or cents', async (t) => {
  t.same(
    fieldMessages([
      issue('maximum', '/depositBp', { limit: 10000 }),
      issue('minimum', '/progressLines/0/cumulativeBp', { limit: 1 }),
      issue('maximum', '/depositAmountCents', { limit: 10_000_000_000_000 }),
      issue('minimum', '/creditAmountCents', { limit: 1 })
    ]),
    {
      depositBp: 'La valeur doit être au plus 100\u202f%.',
      'progressLines.0.cumulativeBp': 'La valeur doit être au moins 0,01\u202f%.',
      depositAmountCents: 'La valeur doit être au plus 100\u202f000\u202f000\u202f000,00\u00a0€.',
      creditAmountCents: 'La valeur doit être au moins 0,01\u00a0€.'
    }
  )
})

t.test('a route can drop the wrapper of its body from the names', async (t) => {
  t.same(fieldMessages([issue('required', '/content/client', { missingProperty: 'email' })], 'content.'), {
    'client.email': 'Champ obligatoire.'
  })
  t.same(fieldMessages([issue('type', '/version', { type: 'integer' })], 'content.'), { version: 'Ce champ doit être un nombre entier.' })
})
