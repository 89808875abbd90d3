// How an issued invoice left and what came back (`transmission` beside the invoice in
// GET /api/invoices/{id} and GET /api/v1/invoices/{id}): the way (the company's plateforme agréée,
// Chorus Pro, or e-mail), the hand-off's state and next try, the platform's acknowledgement, and
// the lifecycle statuses (AFNOR XP Z12-012 codes, French labels), oldest first.
import { Type, type Static } from '@sinclair/typebox'
import { InvoiceSchema } from './invoice-schemas.js'
import { literals, nullable } from './schema-parts.js'

export const TRANSMISSION_CHANNELS = ['platform', 'chorus_pro', 'email'] as const
export const TRANSMISSION_STATES = ['pending', 'sent', 'failed'] as const
export const EMAIL_REASONS = ['no_platform', 'not_in_directory'] as const

export const LifecycleStatusSchema = Type.Object({
  /** XP Z12-012 code: 200 Déposée, 203 Mise à disposition, 205 Approuvée, 210 Refusée, 212 Encaissée, 213 Rejetée… */
  code: Type.Integer(),
  /** « Refusée : motif » */
  label: Type.String(),
  reason: nullable(Type.String()),
  occurredAt: Type.String()
})
export type LifecycleStatus = Static<typeof LifecycleStatusSchema>

export const InvoiceTransmissionSchema = Type.Object(
  {
    /** null while the first hand-off has not decided yet. */
    channel: nullable(literals(TRANSMISSION_CHANNELS)),
    /** pending: « en attente de transmission » (nextAttemptAt); failed: given up, `lastError` says why. */
    state: literals(TRANSMISSION_STATES),
    /** Why a French business gets it by e-mail meanwhile: no platform set, or not in the directory. */
    emailReason: nullable(literals(EMAIL_REASONS)),
    attempts: Type.Integer(),
    nextAttemptAt: nullable(Type.String()),
    lastError: nullable(Type.String()),
    sentAt: nullable(Type.String()),
    /** The platform's id of the deposited flow. */
    flowId: nullable(Type.String()),
    acknowledgement: nullable(Type.Object({ status: literals(['Pending', 'Ok', 'Error'] as const), reason: nullable(Type.String()) })),
    statuses: Type.Array(LifecycleStatusSchema)
  },
  { description: 'La transmission de la facture émise (plateforme agréée, Chorus Pro ou e-mail) et les statuts revenus.' }
)
export type InvoiceTransmission = Static<typeof InvoiceTransmissionSchema>

/** GET of one invoice: the invoice, and its transmission once issued (null for a draft). */
export const InvoiceReadBody = Type.Object({ invoice: InvoiceSchema, transmission: nullable(InvoiceTransmissionSchema) })
export type InvoiceRead = Static<typeof InvoiceReadBody>
