// The EPC QR code of an invoice for the client's page, as an SVG path: the same payload and the
// same matrix as the PDF's (facturx/epc-qr.ts), drawn by the browser at any size. One path of
// row runs keeps it to a few kilobytes; the four-module quiet zone is part of the grid.
import type { QrSvg } from '@paraphe/shared/api/invoice-client-schemas'
import { darkRuns, epcPayload, qrMatrix, type EpcTransfer } from '../facturx/epc-qr.js'

const QUIET_ZONE = 4

export function qrSvgPath(matrix: readonly (readonly boolean[])[]): QrSvg {
  const path = darkRuns(matrix)
    .map(({ row, start, end }) => `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${end - start}v1h-${end - start}z`)
    .join('')
  return { size: matrix.length + 2 * QUIET_ZONE, path }
}

/** The transfer's QR code; null when the payload is (no IBAN, nothing to pay). */
export function epcQrSvg(transfer: EpcTransfer): QrSvg | null {
  const payload = epcPayload(transfer)
  return payload === null ? null : qrSvgPath(qrMatrix(payload))
}
