// Invoice numbers: `F-2026-0001`, continuous per company within each year (each yearly series is
// continuous and chronological, as the Code de commerce allows several series).
const NUMBER = /^F-(\d{4})-(\d{4,})$/

export function formatInvoiceNumber(year: number, sequence: number): string {
  return `F-${year}-${String(sequence).padStart(4, '0')}`
}

export function parseInvoiceNumber(number: string): { year: number; sequence: number } | null {
  const match = NUMBER.exec(number)
  return match === null ? null : { year: Number(match[1]), sequence: Number(match[2]) }
}
