// What every /api route receives must be storable before any rule reads it, checked once for
// the whole scope rather than field by field in each rule:
// - PostgreSQL text and jsonb cannot hold a NUL character: a JSON body carrying one is refused on
//   its field (it reached SQL and answered 500: found on the profile and the quotes, after the
//   saved items and clients had been mended one by one). Query and path values are only looked
//   up, never stored: a search or an id holding a NUL matches nothing, as any other;
// - Ajv coerces a query string's « 1e309 » to Infinity and then lets it pass `type: integer` and
//   `maximum` (its coercion path skips the checks that refuse Infinity in a JSON body). Found by
//   fuzzing: `GET /api/quotes?limit=1e309` reached SQL and answered 500. A JSON body's string is
//   coerced the same way (`{"reminderDays":"1e309"}` → [Infinity], found by fuzzing too). Every
//   value the schemas turned into a number, in the query, the path or the body, must be finite.
// Text bodies (the Articles' CSV import) are read by their own parser, which names the bad row.
import type { FastifyInstance } from 'fastify'
import { NUL_CHARACTER_MESSAGE, holdsNul } from '@paraphe/shared/storable-text'
import { ApiProblem } from '../errors.js'

const MESSAGE = 'Certains champs sont invalides.'
/** A JSON document nested deeper than this is not a form: its inner values are not walked. */
const MAX_DEPTH = 32

/** `fields` gets « content.lines.2.designation » → message for each string holding a NUL. */
function collectNul(value: unknown, path: string, fields: Record<string, string>, depth: number): void {
  if (typeof value === 'string') {
    if (holdsNul(value)) fields[path === '' ? 'body' : path] = NUL_CHARACTER_MESSAGE
    return
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return
  for (const [key, inner] of Object.entries(value)) {
    if (holdsNul(key)) fields[path === '' ? 'body' : path] = NUL_CHARACTER_MESSAGE
    collectNul(inner, path === '' ? key : `${path}.${key}`, fields, depth + 1)
  }
}

/** The fields of a parsed JSON body that hold a NUL character, each with its message. */
export function nulFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  // A text body is its route's to read (see above); only parsed JSON is walked.
  if (typeof body === 'object') collectNul(body, '', fields, 0)
  return fields
}

export function assertNoNul(body: unknown): void {
  const fields = nulFields(body)
  if (Object.keys(fields).length > 0) throw new ApiProblem(400, 'validation_failed', MESSAGE, fields)
}

function collectInfinite(value: unknown, path: string, fields: Record<string, string>, depth: number): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fields[path === '' ? 'body' : path] = 'Ce nombre est trop grand.'
    return
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return
  for (const [key, inner] of Object.entries(value)) collectInfinite(inner, path === '' ? key : `${path}.${key}`, fields, depth + 1)
}

/** Refuses, on its field (« reminderDays.0 »), any number the schemas' coercion made infinite. */
export function assertFiniteNumbers(values: unknown): void {
  const fields: Record<string, string> = {}
  collectInfinite(values, '', fields, 0)
  if (Object.keys(fields).length > 0) throw new ApiProblem(400, 'validation_failed', MESSAGE, fields)
}

/** Both checks on a scope: NUL before the schemas read the body, finiteness after they coerced the values. */
export function checkStorableInput(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request) => {
    assertNoNul(request.body)
  })
  scope.addHook('preHandler', async (request) => {
    assertFiniteNumbers(request.query)
    assertFiniteNumbers(request.params)
    // A text body (the CSV import) has no numbers: only parsed JSON is walked.
    if (typeof request.body === 'object') assertFiniteNumbers(request.body)
  })
}
