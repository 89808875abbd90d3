// `GET /api/session`: who the access token belongs to, as the gateway reads it.
import { Type, type Static } from '@sinclair/typebox'
import { nullable } from './schema-parts.js'

export const SessionBody = Type.Object({
  user: Type.Object({ id: Type.String(), email: nullable(Type.String()), role: Type.String(), aal: Type.String() })
})
export type SessionBody = Static<typeof SessionBody>
