// The API's error body: `{ error: { code, message, fields? } }`, message in French.
import { Type, type Static } from '@sinclair/typebox'

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String()))
  })
})
export type ErrorBody = Static<typeof ErrorBody>

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields === undefined ? { code, message } : { code, message, fields } }
}
