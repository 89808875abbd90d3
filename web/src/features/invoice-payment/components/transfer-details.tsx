import { formatEuros } from '@paraphe/shared/money'
import type { InvoiceLinkView } from '../api/invoice-payment-api'
import { EpcQrCode } from './epc-qr-code'

type Transfer = NonNullable<InvoiceLinkView['transfer']>

/** How to pay by transfer: the details to copy, and the QR code a banking app scans. */
export function TransferDetails({ transfer }: { transfer: Transfer }) {
  return (
    <section className="invoice-transfer" aria-labelledby="invoice-transfer-title">
      <h2 id="invoice-transfer-title">Payer par virement</h2>
      <div className="invoice-transfer__body">
        <figure className="invoice-transfer__qr">
          <EpcQrCode
            qr={transfer.qr}
            label={`QR code de virement : ${formatEuros(transfer.amountCents)} à ${transfer.name}, référence ${transfer.reference}`}
          />
          <figcaption>Scannez ce code avec votre application bancaire&#8239;: le montant et la référence sont préremplis.</figcaption>
        </figure>
        <dl className="invoice-facts">
          <div>
            <dt>Bénéficiaire</dt>
            <dd>{transfer.name}</dd>
          </div>
          <div>
            <dt>IBAN</dt>
            <dd className="invoice-facts__code">{transfer.iban}</dd>
          </div>
          <div>
            <dt>BIC</dt>
            <dd className="invoice-facts__code">{transfer.bic}</dd>
          </div>
          <div>
            <dt>Montant</dt>
            <dd>{formatEuros(transfer.amountCents)}</dd>
          </div>
          <div>
            <dt>Référence à indiquer</dt>
            <dd className="invoice-facts__code">{transfer.reference}</dd>
          </div>
        </dl>
      </div>
    </section>
  )
}
