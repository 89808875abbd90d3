import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import {
  ItemsImportBody,
  SavedItemIdParams,
  SavedItemInputSchema,
  SavedItemListBody,
  SavedItemListQuery,
  SavedItemSchema
} from '@paraphe/shared/api/saved-item-schemas'
import { checkSavedItem, itemsToCsv, parseItemsCsv, SAVED_ITEM_LIMITS, type SavedItemInput } from '@paraphe/shared/saved-items'
import { ApiProblem } from '../../errors.js'
import { allItems, createItem, deleteItem, importItems, listItems, updateItem } from '../../items/saved-items-repository.js'
import { asRequestUser } from './user-transaction.js'

/** The schema checked the shapes; this checks the rules (trimmed designation not empty…). */
function checked(input: SavedItemInput): SavedItemInput {
  const result = checkSavedItem(input)
  if (!result.ok) throw new ApiProblem(400, 'invalid_item', 'Vérifiez les champs signalés.', result.problems)
  return result.item
}

/** Saved items (« Articles »): the catalogue shared by the company's members, and its CSV. */
export default async function itemRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get(
    '/items',
    { schema: { querystring: SavedItemListQuery, response: { 200: SavedItemListBody, ...ErrorResponses } } },
    async (request) => asRequestUser(fastify, request, (tx) => listItems(tx, { search: request.query.q, limit: request.query.limit ?? 50 }))
  )

  fastify.post(
    '/items',
    { schema: { body: SavedItemInputSchema, response: { 201: SavedItemSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const item = checked(request.body)
      return reply.code(201).send(await asRequestUser(fastify, request, (tx, member) => createItem(tx, member.companyId, item)))
    }
  )

  fastify.put(
    '/items/:id',
    { schema: { params: SavedItemIdParams, body: SavedItemInputSchema, response: { 200: SavedItemSchema, ...ErrorResponses } } },
    async (request) => {
      const item = checked(request.body)
      return asRequestUser(fastify, request, (tx) => updateItem(tx, request.params.id, item))
    }
  )

  fastify.delete(
    '/items/:id',
    { schema: { params: SavedItemIdParams, response: { 204: NoContent, ...ErrorResponses } } },
    async (request, reply) => {
      await asRequestUser(fastify, request, (tx) => deleteItem(tx, request.params.id))
      return reply.code(204).send(null)
    }
  )

  fastify.get('/items/export', async (request, reply) => {
    const items = await asRequestUser(fastify, request, (tx) => allItems(tx))
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="articles.csv"')
      .send(itemsToCsv(items))
  })

  // The CSV arrives as the file itself (text/csv), read as UTF-8 (Excel's « CSV UTF-8 »).
  fastify.register(async (csvScope) => {
    csvScope.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
      { parseAs: 'buffer', bodyLimit: SAVED_ITEM_LIMITS.importBytes },
      (_request, body, done) => done(null, body)
    )
    csvScope.post<{ Body: Buffer }>(
      '/items/import',
      { schema: { response: { 200: ItemsImportBody, ...ErrorResponses } } },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        let text: string
        try {
          text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
        } catch {
          throw new ApiProblem(
            400,
            'invalid_csv',
            'Ce fichier n’est pas en UTF-8 : dans votre tableur, enregistrez-le au format « CSV UTF-8 (délimité par des points-virgules) ».'
          )
        }
        const parsed = parseItemsCsv(text)
        if (!parsed.ok) {
          const count = parsed.problems.length
          throw new ApiProblem(
            400,
            'invalid_csv',
            `Rien n’a été importé : ${count === 1 ? 'une ligne est' : `${count} lignes sont`} à corriger dans le fichier.`,
            Object.fromEntries(parsed.problems.map((problem) => [String(problem.line), problem.message]))
          )
        }
        return asRequestUser(fastify, request, (tx, member) => importItems(tx, member.companyId, parsed.items))
      }
    )
  })
}
