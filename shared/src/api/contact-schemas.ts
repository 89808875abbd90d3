// `POST /api/contact`: the public contact form. The gateway checks the same limits field by field
// with a French message each (contact.ts); this is the contract both sides type against.
import { Type, type Static } from '@sinclair/typebox'
import { CONTACT_LIMITS } from '../contact.js'

export const ContactBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.name }),
  email: Type.String({ minLength: 3, maxLength: CONTACT_LIMITS.email }),
  company: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.company })),
  phone: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.phone })),
  subject: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.subject }),
  message: Type.String({ minLength: CONTACT_LIMITS.messageMin, maxLength: CONTACT_LIMITS.messageMax }),
  consent: Type.Literal(true),
  /** Hidden from people: only robots fill it in. */
  website: Type.Optional(Type.String({ maxLength: 0 }))
})
export type ContactRequest = Static<typeof ContactBody>

export const ContactAcceptedBody = Type.Object({ ok: Type.Literal(true) })
