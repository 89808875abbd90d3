// The public API's own shapes (`/api/v1/…`, API keys): where it differs from the workspace's
// routes. Quotes, their content and their events are the workspace's schemas (quote-schemas.ts).
import { Type } from '@sinclair/typebox'
import { QUOTE_LIST_FILTERS } from '../quote.js'
import { QuoteContentSchema, QuoteSummarySchema } from './quote-schemas.js'
import { literals } from './schema-parts.js'

const dateTime = (description: string) => Type.String({ format: 'date-time', maxLength: 40, description })

export const V1QuoteListQuery = Type.Object({
  status: Type.Optional(literals(QUOTE_LIST_FILTERS)),
  created_after: Type.Optional(dateTime('Créés à partir de cet instant (ISO 8601).')),
  created_before: Type.Optional(dateTime('Créés avant cet instant (ISO 8601).')),
  /** The previous page's `nextCursor`. */
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }))
})

/** Newest change first; `nextCursor` is null on the last page. */
export const V1QuoteListBody = Type.Object({
  quotes: Type.Array(QuoteSummarySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()])
})

/**
 * The fields given replace the draft's; the others stay. `version`, when given, must be the
 * draft's current one (a stale update is refused rather than overwriting another change).
 */
export const V1UpdateQuoteBody = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1 })), content: Type.Partial(QuoteContentSchema) },
  { additionalProperties: false }
)

/** Every POST of /api/v1: a retry with the same key gets the first answer (24 hours). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        'Clé unique de l’opération (un UUID par exemple) : un nouvel essai avec la même clé rejoue la première réponse pendant 24 h.'
    })
  )
})
