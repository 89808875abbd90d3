// Quotes, company profiles and logos for the PDF tests: realistic defaults, overridable.
import { deflateSync } from 'node:zlib'
import type { CompanyProfile } from '@paraphe/shared/company'
import type { Quote, QuoteLine } from '@paraphe/shared/quote'
import { computeTotals } from '@paraphe/shared/quote-totals'
import { draftContent, quoteClient } from '../support/quote-content.js'

export function makeCompany(overrides: Partial<CompanyProfile> = {}): CompanyProfile {
  return {
    companyName: 'Maçonnerie Œuvre & Fils',
    legalForm: 'SARL au capital de 10 000 €',
    address: '12 rue de l’Église\n69003 Lyon',
    siret: '73282932000074',
    registration: 'RCS Lyon 732 829 320',
    vatNumber: 'FR44732829320',
    email: 'contact@oeuvre-et-fils.fr',
    phone: '04 78 00 00 00',
    insurer: 'Assurances Mutuelles du Bâtiment',
    insuranceCoverage: 'France métropolitaine',
    insurancePolicy: 'DEC-2026-4417',
    iban: '',
    bic: '',
    mediatorName: '',
    mediatorUrl: '',
    defaultPaymentTerms: '',
    defaultExecutionConditions: 'Travaux réalisés selon les règles de l’art.',
    defaultValidityDays: 30,
    franchiseEnBase: false,
    ...overrides
  }
}

let lineCounter = 0

export function makeLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  lineCounter += 1
  return {
    id: `line-${lineCounter}`,
    description: 'Dépose de l’ancien carrelage',
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceCents: 45_000,
    vatRateBp: 1000,
    discountBp: 0,
    ...overrides
  }
}

/** A sent quote (numbered) unless `number: null` is given; totals computed from the lines. */
export function makeQuote(overrides: Partial<Omit<Quote, 'totals'>> = {}): Quote {
  const base: Omit<Quote, 'totals'> = {
    id: '00000000-0000-4000-8000-000000000001',
    number: 'DEV-2026-0042',
    status: 'sent',
    franchiseEnBase: false,
    version: 3,
    createdAt: '2026-11-20T09:15:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    sentAt: '2026-11-21T10:30:00.000Z',
    expiresOn: '2026-12-21',
    replacedBy: null,
    // What the professional wrote: the shared contents fixture with this PDF's own client and terms.
    ...draftContent({
      // A business client: the consumer mentions and withdrawal form (tested on their own) stay out.
      client: quoteClient({
        kind: 'business',
        name: 'Éloïse Cœur',
        email: 'eloise.coeur@example.fr',
        address: '8 allée des Pêcheurs\n38000 Grenoble'
      }),
      title: 'Rénovation de la salle d’eau',
      issueDate: '2026-11-21',
      workStartDate: '2027-01-11',
      workDuration: '3 semaines',
      lines: [makeLine()],
      paymentTerms: 'Solde à réception de facture, par virement sous 30 jours.',
      conditions: 'Travaux réalisés selon les règles de l’art.'
    }),
    ...overrides
  }
  return { ...base, totals: computeTotals(base.lines, { franchiseEnBase: base.franchiseEnBase, depositBp: base.depositBp }) }
}

/** `count` ordinary lines, numbered in their description. */
export function manyLines(count: number): QuoteLine[] {
  return Array.from({ length: count }, (_, index) =>
    makeLine({
      description: `Poste n° ${index + 1} : fourniture et pose`,
      quantityMilli: 1000 + index,
      unitPriceCents: 1000 + index * 7,
      unit: 'm²'
    })
  )
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A real RGBA PNG (with transparency, like most logos): a blue band on a clear background. */
export function makePng(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8 bits, RGBA, deflate, no filter, not interlaced
  const rows = Buffer.alloc(height * (1 + width * 4))
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = y * (1 + width * 4) + 1 + x * 4
      const inBand = y > height / 3 && y < (2 * height) / 3
      rows.set(inBand ? [20, 70, 140, 255] : [0, 0, 0, 0], offset)
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', new Uint8Array(0))])
}

/** A real baseline JPEG, 48 × 24 pixels (orange with a blue block), rendered once by pdftoppm. */
export const JPEG_LOGO: Uint8Array = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAJAAkAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdB' +
    'RkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09P' +
    'T09PT09PT09PT09PT0//wAARCAAYADADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAA' +
    'AgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6' +
    'Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXG' +
    'x8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREA' +
    'AgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5' +
    'OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPE' +
    'xcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwB97dx2UIllViC235R/n0ql/b1p/wA85/8A' +
    'vkf40eIv+PBP+uo/ka5yscty2hiKHPO97vqdmMxlWlV5Y7HR/wBvWn/POf8A75H+NaUUglhSVQQHUMM+9cVXY2P/AB4W/wD1' +
    'yX+QrHNcBRw0Iun1ZpgcVUrSamT0UUV4h6RXvbSO9hEUrMAG3fKf8+tUv7BtP+ek/wD30P8ACiiumljK9KPLCTSMZ4elN3lG' +
    '7D+wbT/npP8A99D/AArSijEUKRKSQihRn2ooqa2KrVklUlew6dGnTd4Kw+iiisDU/9k=',
  'base64'
)
