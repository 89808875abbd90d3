import { API_MESSAGES, ApiError } from '@/lib/api-client'
import { verifyPdf, type VerifyResult } from '../api/verify-pdf'
import { pdfFileProblem } from './pdf-file'

export type VerificationState =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'done'; fileName: string; result: VerifyResult }
  | { kind: 'failed'; message: string }

/** Checks a chosen or dropped file (first here, then with the gateway); never throws. */
export async function checkPdf(file: File, verify: (file: Blob) => Promise<VerifyResult> = verifyPdf): Promise<VerificationState> {
  const problem = pdfFileProblem(file)
  if (problem !== null) return { kind: 'failed', message: problem }
  try {
    return { kind: 'done', fileName: file.name, result: await verify(file) }
  } catch (error) {
    return { kind: 'failed', message: error instanceof ApiError ? error.message : API_MESSAGES.failed }
  }
}
