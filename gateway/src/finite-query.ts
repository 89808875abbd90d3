// Ajv coerces a query string's « 1e309 » to Infinity and then lets it pass `type: integer` and
// `maximum` (its coercion path skips the checks that refuse Infinity in a JSON body). Found by
// fuzzing: `GET /api/quotes?limit=1e309` reached SQL and answered 500. Every query and path value
// the schemas turned into a number must be finite.
import { ApiProblem } from './errors.js'

export function assertFiniteNumbers(values: unknown): void {
  if (typeof values !== 'object' || values === null) return
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'number' && !Number.isFinite(value)) fields[key] = 'Ce nombre est trop grand.'
  }
  if (Object.keys(fields).length > 0) throw new ApiProblem(400, 'validation_failed', 'Certains champs sont invalides.', fields)
}
