import { formatEuros } from '@paraphe/shared/money'
import { useMediaQuery } from '@/hooks/use-media-query'
import type { InvoiceLinkView } from '../api/invoice-payment-api'
import { CopyValue } from './copy-value'
import { EpcQrCode } from './epc-qr-code'

type Transfer = NonNullable<InvoiceLinkView['transfer']>

/** The amount as a banking app's amount field takes it: digits and a decimal comma, no spaces nor sign. */
export function amountToPaste(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`
}

/**
 * How to pay by transfer: each detail with its copy button (most clients open the link on the
 * phone they pay with), and the QR code for paying from another device — open on wide screens,
 * one tap away on phones, where scanning one's own screen is impossible.
 */
export function TransferDetails({ transfer }: { transfer: Transfer }) {
  const wide = useMediaQuery('(min-width: 48rem)')
  return (
    <section className="invoice-transfer" aria-labelledby="invoice-transfer-title">
      <h2 id="invoice-transfer-title">Payer par virement</h2>
      <div className="invoice-transfer__body">
        <dl className="invoice-facts invoice-facts--copy">
          <div>
            <dt>Bénéficiaire</dt>
            <dd>{transfer.name}</dd>
          </div>
          <CopyValue label="Montant" shown={formatEuros(transfer.amountCents)} copied={amountToPaste(transfer.amountCents)} />
          <CopyValue label="IBAN" shown={transfer.iban} copied={transfer.iban.replace(/\s+/g, '')} code />
          <CopyValue label="BIC" shown={transfer.bic} copied={transfer.bic} code />
          <CopyValue label="Référence à indiquer" shown={transfer.reference} copied={transfer.reference} code />
        </dl>
        <details className="invoice-transfer__qr" open={wide} key={wide ? 'wide' : 'narrow'}>
          <summary>QR code pour payer depuis un autre appareil</summary>
          <figure>
            <EpcQrCode
              qr={transfer.qr}
              label={`QR code de virement : ${formatEuros(transfer.amountCents)} à ${transfer.name}, référence ${transfer.reference}`}
            />
            <figcaption>
              Scannez ce code avec l’application bancaire d’un autre appareil&#8239;: le montant et la référence sont préremplis.
            </figcaption>
          </figure>
        </details>
      </div>
    </section>
  )
}
