// GET /api/dashboard: the figures at the top of the professional's workspace, each of which leads
// to the list filtered the same way.
import { Type, type Static } from '@sinclair/typebox'
import { literals, nullable } from './schema-parts.js'

const Amount = Type.Object({ count: Type.Integer(), totalTtcCents: Type.Integer() })

/** A line of « Activité récente »: something that happened to a quote or to an invoice (`id` is its). */
export const DashboardActivitySchema = Type.Object({
  subject: literals(['quote', 'invoice'] as const),
  id: Type.String(),
  number: nullable(Type.String()),
  /** The quote's title, or the invoice's client. */
  title: Type.String(),
  type: Type.String(),
  label: Type.String(),
  /** The latest time it happened: the activity shows one line per quote and kind of event. */
  occurredAt: Type.String(),
  /** How many times it happened (« consulté 5 fois »), 1 for most events. */
  count: Type.Integer({ minimum: 1 })
})
export type DashboardActivity = Static<typeof DashboardActivitySchema>

/** How many lines « Activité récente » shows, quotes and invoices together. */
export const RECENT_ACTIVITY = 8

/** What issued invoices still ask the clients to pay (unpaid, partly paid or overdue), summed by the gateway. */
export const ReceivablesSchema = Type.Object({
  /** Invoices with something left to pay. */
  count: Type.Integer(),
  remainingCents: Type.Integer(),
  overdueCount: Type.Integer(),
  overdueRemainingCents: Type.Integer()
})
export type Receivables = Static<typeof ReceivablesSchema>

export const DashboardBody = Type.Object({
  /** Sent or opened, waiting for the client's answer. */
  awaiting: Amount,
  /** Signed since the first of the month (Paris). */
  signedThisMonth: Amount,
  /** Signed among the quotes the client answered or let expire (null before the first). */
  signature: Type.Object({ signed: Type.Integer(), closed: Type.Integer(), ratePercent: nullable(Type.Integer()) }),
  /** Waiting for at least three days, and not reminded in the last 20 hours: « Relancer » would go. */
  remindersDue: Type.Integer(),
  recent: Type.Array(DashboardActivitySchema),
  /** « À encaisser »: every issued invoice of the company, not a page of the list. */
  receivables: ReceivablesSchema
})
export type Dashboard = Static<typeof DashboardBody>
