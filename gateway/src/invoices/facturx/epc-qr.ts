// The EPC QR code (« GiroCode », European Payments Council guideline EPC069-12, version 002) that
// a banking app scans to prefill a SEPA credit transfer: the payee's name, IBAN and BIC, the
// amount and the invoice number as the transfer's text. The matrix comes from qrcode-generator;
// the PDF draws it (invoices/pdf/qr-drawing.ts), the client's invoice page as SVG. No pdf-lib here:
// the gateway's own process reads this file for the page and leaves PDF work to its PDF processes.
import qrcode from 'qrcode-generator'

export interface EpcTransfer {
  name: string
  iban: string
  bic: string
  amountCents: number
  /** The unstructured remittance text (≤ 140): the invoice number. */
  reference: string
}

/** EPC069-12's limits: name ≤ 70, text ≤ 140, amount 0,01 to 999 999 999,99 €. */
const AMOUNT_MAX_CENTS = 99_999_999_999

/** The payload, lines joined by LF; null when there is nothing to pay or no IBAN. */
export function epcPayload(transfer: EpcTransfer): string | null {
  if (transfer.iban === '' || transfer.amountCents <= 0 || transfer.amountCents > AMOUNT_MAX_CENTS) return null
  const euros = `${Math.trunc(transfer.amountCents / 100)}.${String(transfer.amountCents % 100).padStart(2, '0')}`
  // Line breaks inside a field would shift every field after it.
  const field = (text: string, max: number) => [...text.replace(/[\r\n]+/g, ' ').trim()].slice(0, max).join('')
  return [
    'BCD', // service tag
    '002', // version: BIC optional inside the EEA
    '1', // character set: UTF-8
    'SCT', // SEPA credit transfer
    transfer.bic,
    field(transfer.name, 70),
    transfer.iban,
    `EUR${euros}`,
    '', // purpose code
    '', // structured creditor reference (ISO 11649): none, the text below instead
    field(transfer.reference, 140)
  ].join('\n')
}

/** The QR matrix (true = dark) of a payload, error correction M as EPC069-12 requires. */
export function qrMatrix(payload: string): boolean[][] {
  const code = qrcode(0, 'M')
  // qrcode-generator writes each character's low byte: give it the UTF-8 bytes as characters.
  code.addData(String.fromCharCode(...new TextEncoder().encode(payload)), 'Byte')
  code.make()
  const size = code.getModuleCount()
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => code.isDark(row, column)))
}

/** A run of dark modules on one row of the matrix, columns [start, end). */
export interface DarkRun {
  row: number
  start: number
  end: number
}

/**
 * The matrix as runs of dark modules, row by row: one rectangle each when drawn (the PDF's and the
 * client page's SVG alike), fewer drawing operations and no hairline gaps between modules.
 */
export function darkRuns(matrix: readonly (readonly boolean[])[]): DarkRun[] {
  const runs: DarkRun[] = []
  matrix.forEach((cells, row) => {
    let start = -1
    cells.forEach((dark, column) => {
      if (dark && start < 0) start = column
      if ((!dark || column === cells.length - 1) && start >= 0) {
        runs.push({ row, start, end: dark ? column + 1 : column })
        start = -1
      }
    })
  })
  return runs
}
