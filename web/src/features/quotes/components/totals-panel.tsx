import { FRANCHISE_MENTION } from '@paraphe/shared/quote-mentions'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import type { QuoteTotals } from '@paraphe/shared/quote-totals'
import { formatPercentInput } from '@/lib/percent'

export interface TotalsPanelProps {
  /** Null when the amounts are too large to add up. */
  totals: QuoteTotals | null
  franchiseEnBase: boolean
  depositBp: number
  /** Lines left out of the totals until a value is fixed. */
  skipped?: number
  /** Announce changes (the editor), or not (a sent quote). */
  live?: boolean
}

/**
 * Totals HT, VAT per rate and TTC, as the PDF prints them. The amounts come from computeTotals
 * (shared with the gateway): this only formats them.
 */
export function TotalsPanel({ totals, franchiseEnBase, depositBp, skipped = 0, live = false }: TotalsPanelProps) {
  return (
    <section className="totals" aria-labelledby="quote-totals-title">
      <h2 id="quote-totals-title" className="totals__title">
        Totaux
      </h2>
      {totals === null ? (
        <p className="field__error" role={live ? 'alert' : undefined}>
          Les montants sont trop élevés pour être additionnés&#8239;: vérifiez les quantités et les prix.
        </p>
      ) : (
        <dl className="totals__list" aria-live={live ? 'polite' : undefined}>
          <div className="totals__row">
            <dt>Total HT</dt>
            <dd>{formatEuros(totals.totalHtCents)}</dd>
          </div>
          {totals.vat.map((line) => (
            <div className="totals__row" key={line.rateBp}>
              <dt>
                TVA {formatVatRate(line.rateBp)} <span className="totals__base">sur {formatEuros(line.baseHtCents)} HT</span>
              </dt>
              <dd>{formatEuros(line.vatCents)}</dd>
            </div>
          ))}
          {franchiseEnBase ? (
            <div className="totals__row totals__row--mention">
              <dt>TVA</dt>
              <dd>{FRANCHISE_MENTION}</dd>
            </div>
          ) : null}
          <div className="totals__row totals__row--grand">
            <dt>Total TTC</dt>
            <dd>{formatEuros(totals.totalTtcCents)}</dd>
          </div>
          {totals.depositCents > 0 ? (
            <div className="totals__row">
              <dt>Acompte à la signature ({formatPercentInput(depositBp)}&#8239;%)</dt>
              <dd>{formatEuros(totals.depositCents)}</dd>
            </div>
          ) : null}
        </dl>
      )}
      {skipped > 0 ? (
        <p className="totals__skipped">
          {skipped === 1
            ? 'Une ligne n’est pas comptée tant que sa valeur signalée n’est pas corrigée.'
            : `${skipped} lignes ne sont pas comptées tant que leurs valeurs signalées ne sont pas corrigées.`}
        </p>
      ) : null}
    </section>
  )
}
