// One function per action on a quote, called by the workspace's routes (/api) and the public API
// (/api/v1) alike, so that both answer the same and neither has to remember the workers: an
// action that queues an e-mail or a webhook wakes its worker once its transaction committed
// (woken earlier, the worker would not see the rows yet and wait for its next poll).
import type { Quote } from '@paraphe/shared/quote'
import { quoteEventLabel } from '@paraphe/shared/quote-events'
import type { MemberScope } from '../company/membership.js'
import type { Site } from '../config.js'
import type { Log } from '../logging.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { renderAheadOfFirstView } from './quote-pdf-bytes.js'
import { remindByHand, revokeLinks } from './quote-reminders.js'
import { sendQuote } from './quote-sending.js'
import { cancelQuote, listEvents, reviseQuote } from './quotes-repository.js'

/** What the actions log through: the request's logger. */
export type ActionLog = Pick<Log, 'info' | 'warn'>

export interface QuoteActionsDeps {
  site: Site
  wake: QueueWake
}

/** A line of the quote's history, as both APIs show it. */
export interface QuoteEventView {
  type: string
  occurredAt: string
  label: string
  detail?: string
  signerName?: string
}

export interface QuoteActions {
  send: (scope: MemberScope, id: string, log: ActionLog) => Promise<{ quote: Quote; signingUrl: string }>
  remind: (scope: MemberScope, id: string) => Promise<void>
  revokeLinks: (scope: MemberScope, id: string) => Promise<number>
  cancel: (scope: MemberScope, id: string) => Promise<Quote>
  revise: (scope: MemberScope, id: string) => Promise<Quote>
  events: (scope: MemberScope, id: string) => Promise<QuoteEventView[]>
}

export function createQuoteActions({ site, wake }: QuoteActionsDeps): QuoteActions {
  return {
    async send(scope, id, log) {
      const sent = await scope((tx, member) => sendQuote(tx, member.companyId, id, { now: new Date(), site }))
      // The signing request goes out now rather than at the next poll, and so does quote.sent.
      wake.outbox()
      wake.webhooks()
      void renderAheadOfFirstView(sent, log)
      log.info({ quoteId: sent.quote.id, number: sent.quote.number }, 'quote sent')
      return { quote: sent.quote, signingUrl: sent.signingUrl }
    },

    async remind(scope, id) {
      await scope((tx, member) => remindByHand(tx, member.companyId, id, site))
      wake.outbox()
    },

    revokeLinks: (scope, id) => scope((tx, member) => revokeLinks(tx, member.companyId, id)),

    cancel: (scope, id) => scope((tx, member) => cancelQuote(tx, member.companyId, id)),

    revise: (scope, id) => scope((tx, member) => reviseQuote(tx, member.companyId, id, new Date())),

    async events(scope, id) {
      const events = await scope((tx) => listEvents(tx, id))
      return events.map((event) => {
        // A declined quote's reason is the client's own words: shown beside the event, never empty.
        const reason = event.type === 'declined' && typeof event.data.reason === 'string' ? event.data.reason.trim() : ''
        // The signer's name is in the signed event's evidence: the professional reads it at the top of the quote.
        const signer = event.type === 'signed' && typeof event.data.signerName === 'string' ? event.data.signerName.trim() : ''
        return {
          type: event.type,
          occurredAt: event.occurredAt,
          label: quoteEventLabel(event.type),
          ...(reason === '' ? {} : { detail: reason }),
          ...(signer === '' ? {} : { signerName: signer })
        }
      })
    }
  }
}
