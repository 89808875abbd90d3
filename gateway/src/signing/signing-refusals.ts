// Why a link cannot be used any more, each with its own status and French explanation.
import { formatDateTime, formatLongDate } from '@paraphe/shared/dates'
import { ApiProblem } from '../errors.js'
import type { Database } from '../db/database.js'
import { readSigningView, type SigningView } from './signing-view.js'

export const linkNotFound = () =>
  new ApiProblem(
    404,
    'link_not_found',
    'Ce lien de signature n’existe pas. Vérifiez qu’il est complet (copiez-le depuis l’e-mail reçu) ou demandez un nouveau lien à l’entreprise qui vous a envoyé le devis.'
  )

function contact(view: SigningView): string {
  const { company } = view
  const ways = [company.email, company.phone].filter((value) => value.trim() !== '')
  return ways.length === 0 ? company.companyName : `${company.companyName} (${ways.join(', ')})`
}

/** The refusal for a link that is not open, or null when the client may still act on it. */
export function refusalFor(view: SigningView): ApiProblem | null {
  switch (view.state) {
    case 'open':
      return null
    case 'signed':
      return new ApiProblem(
        409,
        'already_signed',
        `Ce devis a déjà été signé${view.signature === null ? '' : ` le ${formatDateTime(view.signature.signedAt)} par ${view.signature.signerName}`}.`
      )
    case 'declined':
      return new ApiProblem(
        409,
        'declined',
        `Ce devis a été refusé${view.declinedAt === null ? '' : ` le ${formatDateTime(view.declinedAt)}`}. Pour en reparler, contactez ${contact(view)}.`
      )
    case 'expired':
      return new ApiProblem(
        410,
        'expired',
        `Ce devis a expiré le ${formatLongDate(view.quote.expiresOn ?? view.linkExpiresAt.slice(0, 10))}. Pour obtenir un devis à jour, contactez ${contact(view)}.`
      )
    case 'cancelled':
      return new ApiProblem(
        409,
        'cancelled',
        `${view.company.companyName} a annulé ce devis${view.quote.replacedBy === null ? '' : ' et vous en a envoyé une nouvelle version : utilisez le lien du dernier e-mail reçu'}. Pour toute question, contactez ${contact(view)}.`
      )
    case 'revoked':
      return new ApiProblem(
        409,
        'revoked',
        `Ce lien a été désactivé par ${view.company.companyName}. Demandez un nouveau lien à ${contact(view)}.`
      )
  }
}

/**
 * Why the database refused an answer that the view allowed a moment earlier (another request
 * won, or the professional cancelled the quote or disabled the link meanwhile). The link is read
 * again, so the reason comes from the one place that names link states (signing-view.ts) —
 * a disabled link is never reported as a cancelled quote.
 */
export async function answerRefusal(db: Database, token: string): Promise<ApiProblem> {
  const view = await readSigningView(db, token)
  return (view === null ? null : refusalFor(view)) ?? linkNotFound()
}
