// What can be checked of a chosen file before sending it (the gateway checks it is a PDF).
import { VERIFY_MAX_BYTES } from '@paraphe/shared/verification'

/** A French message when the file cannot be a signed quote; null when it is worth sending. */
export function pdfFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) {
    return `« ${file.name} » n’est pas un PDF. Choisissez le devis signé, au format PDF, reçu par e-mail ou téléchargé depuis le lien de signature.`
  }
  if (file.size === 0) return `« ${file.name} » est vide.`
  if (file.size > VERIFY_MAX_BYTES) return `« ${file.name} » dépasse 20\u00a0Mo\u202f: ce n’est pas un devis signé avec ce service.`
  return null
}
