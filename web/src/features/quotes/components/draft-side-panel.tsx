import type { ReactNode } from 'react'
import { formatEuros } from '@paraphe/shared/money'
import type { LiveTotals } from '../lib/quote-form'
import { TotalsPanel } from './totals-panel'

export interface DraftSidePanelProps {
  live: LiveTotals
  franchiseEnBase: boolean
  depositBp: number
  /** The actions (send, PDF…), or what to do before they exist. */
  children: ReactNode
  /** « Envoyer » from the phone's bar: opens the send confirmation of the panel; absent while the draft is not stored. */
  onSend?: () => void
  /** « Aperçu du PDF »: opens the preview; absent while the draft is not stored (no PDF yet). */
  onPreview?: () => void
}

/**
 * The totals and the actions of a draft, always in reach: beside the form and sticky on a wide
 * screen; after the form on a phone, with a bar at the bottom of the screen that keeps the TTC
 * and « Envoyer » in view.
 */
export function DraftSidePanel({ live, franchiseEnBase, depositBp, children, onSend, onPreview }: DraftSidePanelProps) {
  return (
    <>
      <aside className="quote-side" id="quote-side" aria-label="Totaux et actions">
        <TotalsPanel totals={live.totals} franchiseEnBase={franchiseEnBase} depositBp={depositBp} skipped={live.skipped} live />
        {onPreview === undefined ? null : (
          <button type="button" className="button button--ghost" id="quote-preview" aria-haspopup="dialog" onClick={onPreview}>
            Aperçu du PDF
          </button>
        )}
        {children}
      </aside>
      <div className="quote-phone-bar">
        <p className="quote-phone-bar__total">
          <span>Total TTC</span> <strong>{live.totals === null ? '—' : formatEuros(live.totals.totalTtcCents)}</strong>
        </p>
        <div className="quote-phone-bar__actions">
          {onPreview === undefined ? null : (
            <button type="button" className="button button--ghost" aria-haspopup="dialog" onClick={onPreview}>
              Aperçu
            </button>
          )}
          {onSend === undefined ? null : (
            <button type="button" className="button button--primary" onClick={onSend}>
              Envoyer…
            </button>
          )}
        </div>
      </div>
    </>
  )
}
