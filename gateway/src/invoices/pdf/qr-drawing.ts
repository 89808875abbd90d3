// The EPC QR matrix (invoices/facturx/epc-qr.ts) drawn on an invoice's PDF page as vector
// squares, so it stays sharp at any zoom and printer. Apart from the matrix so that the gateway's
// own process, which shows the same code on the client's invoice page, never loads pdf-lib.
import { rgb, type PDFPage } from 'pdf-lib'
import { darkRuns } from '../facturx/epc-qr.js'

/**
 * Draws the matrix with its bottom-left corner at (x, y), `size` points wide quiet zone included
 * (four modules each side, as the QR standard asks), one rectangle per run of dark modules.
 */
export function drawQrMatrix(page: PDFPage, matrix: readonly (readonly boolean[])[], x: number, y: number, size: number): void {
  const step = size / (matrix.length + 8)
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) })
  for (const { row, start, end } of darkRuns(matrix)) {
    page.drawRectangle({
      x: x + (4 + start) * step,
      y: y + size - (4 + row + 1) * step,
      width: (end - start) * step,
      height: step,
      color: rgb(0, 0, 0)
    })
  }
}
