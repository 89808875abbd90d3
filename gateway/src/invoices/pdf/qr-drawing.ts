// The EPC QR matrix (invoices/facturx/epc-qr.ts) drawn on an invoice's PDF page as vector
// squares, so it stays sharp at any zoom and printer. Apart from the matrix so that the gateway's
// own process, which shows the same code on the client's invoice page, never loads pdf-lib.
import { rgb, type PDFPage } from 'pdf-lib'

/**
 * Draws the matrix with its bottom-left corner at (x, y), `size` points wide quiet zone included
 * (four modules each side, as the QR standard asks). Runs of dark modules on a row are one
 * rectangle each: fewer drawing operations, no hairline gaps between modules.
 */
export function drawQrMatrix(page: PDFPage, matrix: readonly (readonly boolean[])[], x: number, y: number, size: number): void {
  const modules = matrix.length + 8
  const step = size / modules
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) })
  matrix.forEach((row, rowIndex) => {
    let start = -1
    row.forEach((dark, column) => {
      if (dark && start < 0) start = column
      if ((!dark || column === row.length - 1) && start >= 0) {
        const end = dark ? column + 1 : column
        page.drawRectangle({ x: x + (4 + start) * step, y: y + size - (4 + rowIndex + 1) * step, width: (end - start) * step, height: step, color: rgb(0, 0, 0) })
        start = -1
      }
    })
  })
}
