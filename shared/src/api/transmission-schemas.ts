// How an issued invoice left and what came back (`transmission` beside the invoice in
// GET /api/invoices/{id} and GET /api/v1/invoices/{id}): the way (the company's plateforme agréée,
// Chorus Pro, or e-mail), the hand-off's state and next try, the platform's acknowledgement, and
// the lifecycle statuses (AFNOR XP Z12-012 codes, French labels), oldest first.
import { Type, type Static } from '@sinclair/typebox'
import { InvoiceSchema } from './invoice-schemas.js'
import { literals, nullable } from './schema-parts.js'

export const TRANSMISSION_CHANNELS = ['platform', 'chorus_pro', 'email'] as const
export const TRANSMISSION_STATES = ['pending', 'sent', 'failed'] as const
export const EMAIL_REASONS = ['no_platform', 'not_in_directory', 'chorus_pro_not_configured'] as const

export const LifecycleStatusSchema = Type.Object({
  /** XP Z12-012 code: 200 Déposée, 203 Mise à disposition, 205 Approuvée, 210 Refusée, 212 Encaissée, 213 Rejetée… */
  code: Type.Integer(),
  /** « Refusée : motif » */
  label: Type.String(),
  reason: nullable(Type.String()),
  occurredAt: Type.String()
})
export type LifecycleStatus = Static<typeof LifecycleStatusSchema>

/** 212 « Encaissée »: one payment reported to the platform (services whose VAT is due on receipt). */
export const PaymentReportSchema = Type.Object(
  {
    paymentId: Type.String(),
    /** The amount received (cents) and the day it was received. */
    amountCents: Type.Integer(),
    paidOn: Type.String(),
    /** pending: « à déclarer » (nextAttemptAt); sent: deposited on the platform (reportedAt); failed: given up, `lastError` says why. */
    state: literals(TRANSMISSION_STATES),
    attempts: Type.Integer(),
    nextAttemptAt: nullable(Type.String()),
    lastError: nullable(Type.String()),
    reportedAt: nullable(Type.String()),
    /** The platform's id of the deposited status (a CDAR flow) and its acknowledgement. */
    flowId: nullable(Type.String()),
    acknowledgement: nullable(Type.Object({ status: literals(['Pending', 'Ok', 'Error'] as const), reason: nullable(Type.String()) })),
    /** The amount received per VAT rate, as reported (empty until deposited). */
    byRate: Type.Array(Type.Object({ rateBp: Type.Integer(), amountCents: Type.Integer() }))
  },
  { description: 'Un encaissement déclaré à la plateforme agréée (statut 212 « Encaissée »), avec sa ventilation par taux de TVA.' }
)
export type PaymentReport = Static<typeof PaymentReportSchema>

export const InvoiceTransmissionSchema = Type.Object(
  {
    /** null while the first hand-off has not decided yet. */
    channel: nullable(literals(TRANSMISSION_CHANNELS)),
    /** pending: « en attente de transmission » (nextAttemptAt); failed: given up, `lastError` says why. */
    state: literals(TRANSMISSION_STATES),
    /** Why a French business gets it by e-mail meanwhile: no platform set, not in the directory, or (a public buyer) Chorus Pro not set. */
    emailReason: nullable(literals(EMAIL_REASONS)),
    attempts: Type.Integer(),
    nextAttemptAt: nullable(Type.String()),
    lastError: nullable(Type.String()),
    sentAt: nullable(Type.String()),
    /** The platform's id of the deposited flow. */
    flowId: nullable(Type.String()),
    acknowledgement: nullable(Type.Object({ status: literals(['Pending', 'Ok', 'Error'] as const), reason: nullable(Type.String()) })),
    statuses: Type.Array(LifecycleStatusSchema),
    /** Payments reported as 212 « Encaissée » (services whose VAT is due on receipt), oldest first. */
    paymentReports: Type.Array(PaymentReportSchema)
  },
  { description: 'La transmission de la facture émise (plateforme agréée, Chorus Pro ou e-mail) et les statuts revenus.' }
)
export type InvoiceTransmission = Static<typeof InvoiceTransmissionSchema>

/** GET of one invoice: the invoice, and its transmission once issued (null for a draft). */
export const InvoiceReadBody = Type.Object({ invoice: InvoiceSchema, transmission: nullable(InvoiceTransmissionSchema) })
export type InvoiceRead = Static<typeof InvoiceReadBody>
