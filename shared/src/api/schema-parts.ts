// Small builders the API schemas share, so a text limit or a date format is written once.
import { Type, type TLiteral, type TNull, type TSchema, type TUnion } from '@sinclair/typebox'

/** One of the given constants (statuses, units, VAT rates…). */
export const literals = <const T extends string | number>(values: readonly T[]): TUnion<Array<TLiteral<T>>> =>
  Type.Union(values.map((value) => Type.Literal(value)))

/** A string of at most `maxLength` characters. */
export const text = (maxLength: number) => Type.String({ maxLength })

/** `schema` or `null`. */
export const nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()])

/** An ISO calendar date, `YYYY-MM-DD`. */
export const isoDate = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })

/** A file answered as its bytes (a PDF, a logo): documented, never serialised as JSON. */
export const binaryFile = (contentType: string) =>
  Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', contentMediaType: contentType })

/** `204 No Content`. */
export const NoContent = Type.Null()
