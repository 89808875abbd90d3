// The EPC QR code of an invoice for the client's page, as an SVG path: the same payload and the
// same matrix as the PDF's (facturx/epc-qr.ts), drawn by the browser at any size. One path of
// row runs keeps it to a few kilobytes; the four-module quiet zone is part of the grid.
import type { QrSvg } from '@paraphe/shared/api/invoice-client-schemas'
import { epcPayload, qrMatrix, type EpcTransfer } from '../facturx/epc-qr.js'

const QUIET_ZONE = 4

export function qrSvgPath(matrix: readonly (readonly boolean[])[]): QrSvg {
  const parts: string[] = []
  matrix.forEach((row, y) => {
    let start = -1
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x
      if ((!dark || x === row.length - 1) && start >= 0) {
        const end = dark ? x + 1 : x
        parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${end - start}v1h-${end - start}z`)
        start = -1
      }
    })
  })
  return { size: matrix.length + 2 * QUIET_ZONE, path: parts.join('') }
}

/** The transfer's QR code; null when the payload is (no IBAN, nothing to pay). */
export function epcQrSvg(transfer: EpcTransfer): QrSvg | null {
  const payload = epcPayload(transfer)
  return payload === null ? null : qrSvgPath(qrMatrix(payload))
}
