// A signed copy's input for the signed-PDF tests: a quote from the PDF fixtures, a signature as the
// signing step records it, and the events of its link.
import type { CompanyProfile } from '@paraphe/shared/company'
import type { Quote } from '@paraphe/shared/quote'
import type { SignatureRecord, SignedPdfInput } from '../../src/pdf/signed-pdf.js'
import { makeCompany, makeQuote } from '../pdf/quote-fixtures.js'

export function makeSignature(overrides: Partial<SignatureRecord> = {}): SignatureRecord {
  return {
    signerName: 'Éloïse Cœur',
    signerEmail: 'eloise.coeur@example.fr',
    method: 'drawn',
    strokes: [
      { points: [10, 80, 150, 260].map((x, index) => ({ x, y: index % 2 === 0 ? 60 : 25, time: 1_795_000_000_000 + index * 40 })) }
    ],
    padWidth: 300,
    padHeight: 100,
    typedText: null,
    mention: 'Bon pour accord',
    preWorkAcknowledged: true,
    otpVerified: true,
    signedAt: new Date('2026-11-22T09:45:00Z'),
    clientIp: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile',
    documentSha256: 'a'.repeat(64),
    ...overrides
  }
}

export function makeSignedInput(
  options: { quote?: Partial<Omit<Quote, 'totals'>>; company?: Partial<CompanyProfile>; signature?: Partial<SignatureRecord> } = {}
): SignedPdfInput {
  return {
    document: { quote: makeQuote({ status: 'signed', ...options.quote }), company: makeCompany(options.company), logo: null },
    signature: makeSignature(options.signature),
    events: [
      { type: 'sent', occurredAt: new Date('2026-11-21T10:30:00Z'), ip: null, userAgent: null },
      {
        type: 'viewed',
        occurredAt: new Date('2026-11-22T09:40:00Z'),
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile'
      }
    ],
    verificationUrl: 'https://paraphe.example/verifier',
    selfSignedSeal: true,
    siteName: 'Paraphe'
  }
}
