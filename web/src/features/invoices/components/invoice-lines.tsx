import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { deductionLabel, progressStatementText, retentionText } from '@paraphe/shared/invoices/invoice-statements'
import { formatQuantity } from '@paraphe/shared/decimal-input'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'

/** The invoice's content as the PDF prints it: lines, deductions by number, VAT per rate, totals. */
export function InvoiceLines({ document }: { document: InvoiceDocument }) {
  const totals = computeInvoiceTotals(document)
  return (
    <section className="invoice-content" aria-labelledby="invoice-content-title">
      <h2 id="invoice-content-title">Contenu de la facture</h2>
      {document.progress === null ? null : <p className="invoice-statement">{progressStatementText(document.progress)}</p>}
      {/* On a phone the table scrolls sideways: a region the keyboard can reach and scroll. */}
      <div className="invoice-table-wrap" role="region" aria-label="Lignes de la facture" tabIndex={0}>
        <table className="invoice-table">
          <caption className="visually-hidden">Lignes de la facture</caption>
          <thead>
            <tr>
              <th scope="col">Désignation</th>
              <th scope="col">Quantité</th>
              {document.kind === 'progress' ? <th scope="col">Avancement</th> : null}
              <th scope="col">TVA</th>
              <th scope="col">Montant HT</th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => (
              <tr key={line.id}>
                <th scope="row">{line.description}</th>
                <td>
                  {formatQuantity(line.quantityMilli)} {line.unit}
                </td>
                {document.kind === 'progress' ? (
                  <td>
                    {line.progress === null
                      ? '—'
                      : `${formatVatRate(line.progress.cumulativeBp)} (déjà ${formatVatRate(line.progress.previousBp)})`}
                  </td>
                ) : null}
                <td>{formatVatRate(line.vatRateBp)}</td>
                <td>{formatEuros(totals.lines[index]?.netCents ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {document.deductions.length === 0 ? null : (
        <>
          <h3>Déjà facturé, déduit</h3>
          <ul className="invoice-deductions">
            {document.deductions.map((deduction, index) => (
              <li key={deduction.number}>
                {deductionLabel(deduction)}&#8239;: −{formatEuros(totals.deductions[index]?.ttcCents ?? 0)} TTC
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="invoice-totals">
        <div>
          <dt>Total HT</dt>
          <dd>{formatEuros(totals.totalHtCents)}</dd>
        </div>
        {totals.vat.map((row) => (
          <div key={`${row.category}${row.rateBp}`}>
            <dt>TVA {formatVatRate(row.rateBp)}</dt>
            <dd>{formatEuros(row.vatCents)}</dd>
          </div>
        ))}
        <div className="invoice-totals__ttc">
          <dt>Total TTC</dt>
          <dd>{formatEuros(totals.totalTtcCents)}</dd>
        </div>
        {document.retention === null ? null : (
          <div>
            <dt>{retentionText(document.retention, totals.retentionCents)}</dt>
            <dd>−{formatEuros(totals.retentionCents)}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}
