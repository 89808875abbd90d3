import type { QrSvg } from '../api/invoice-payment-api'

/**
 * The EPC QR code (« GiroCode ») the gateway computed from the same payload as the PDF's: black
 * modules on white, quiet zone included, so a banking app reads it off the screen.
 */
export function EpcQrCode({ qr, label }: { qr: QrSvg; label: string }) {
  return (
    <svg className="epc-qr" viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={qr.path} fill="#000000" />
    </svg>
  )
}
