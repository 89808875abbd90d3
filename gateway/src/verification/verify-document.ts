// « Is this PDF one we sealed? »: answered from the SHA-256 of the file, through
// paraphe.verify_document, which discloses the quote number, the signer and the date only.
import { asAnonymous, type Database } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { sha256Hex } from '../quotes/quote-pdf-cache.js'

export interface Verification {
  sha256: string
  document: { number: string; signerName: string; signedAt: string } | null
}

export async function verifyDocument(db: Database, body: unknown): Promise<Verification> {
  if (!Buffer.isBuffer(body) || body.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new ApiProblem(
      415,
      'not_a_pdf',
      'Ce fichier n’est pas un PDF. Déposez le PDF signé reçu par e-mail ou téléchargé depuis le lien de signature.'
    )
  }
  const sha256 = sha256Hex(body)
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ document: Verification['document'] }>('select paraphe.verify_document($1) as document', [sha256])
  )
  return { sha256, document: rows[0]?.document ?? null }
}
