import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@paraphe/shared/quote'

// The site's badge colours are named after the French statuses.
const BADGE_CLASS: Record<QuoteStatus, string> = {
  draft: 'badge',
  sent: 'badge badge--envoye',
  viewed: 'badge badge--consulte',
  signed: 'badge badge--signe',
  declined: 'badge badge--refuse',
  expired: 'badge badge--expire',
  cancelled: 'badge badge--annule'
}

export function StatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={BADGE_CLASS[status]}>{QUOTE_STATUS_LABELS[status]}</span>
}
