// The actions on a quote, apart from React: what each one asks the gateway, then what the page
// does with the answer (show the new quote, go to another page, hand over the PDF).
import { paths } from '@paraphe/shared/paths'
import type { Quote } from '@paraphe/shared/quote'
import type { DownloadedFile, ApiClient } from '@/lib/api-client'
import { quotesApi } from '../api/quotes-api'
import { actionProblem, localProblem, type ActionProblem, type QuoteAction } from './action-problems'

export interface ActionEffects {
  navigate: (to: string, state: { notice: string }) => void
  /** The quote changed in place (sent, cancelled). */
  onChanged: (quote: Quote, signingUrl?: string) => void
  saveFile: (file: DownloadedFile, fallbackName: string) => void
  /** Saves what is waiting first (drafts); false when it cannot. */
  saveFirst?: () => Promise<boolean>
  /** The client was reminded (the history and the rule change). */
  onReminded?: () => void
}

export const NOT_SAVED =
  'Le brouillon n’est pas enregistré\u202f: corrigez les valeurs signalées ou réessayez l’enregistrement, puis recommencez.'

/** Runs one action; resolves with what went wrong, or null. */
export async function performQuoteAction(
  action: QuoteAction,
  api: ApiClient,
  quote: Quote,
  effects: ActionEffects
): Promise<ActionProblem | null> {
  const needsSaving = action === 'pdf' || action === 'send' || action === 'duplicate'
  if (needsSaving && effects.saveFirst !== undefined && !(await effects.saveFirst())) return localProblem(NOT_SAVED)
  try {
    switch (action) {
      case 'pdf':
        effects.saveFile(await quotesApi.pdf(api, quote.id), quote.number === null ? 'Devis-brouillon.pdf' : `Devis-${quote.number}.pdf`)
        break
      case 'send': {
        const sent = await quotesApi.send(api, quote.id)
        effects.onChanged(sent.quote, sent.signingUrl)
        break
      }
      case 'duplicate':
        effects.navigate(paths.quote.href((await quotesApi.duplicate(api, quote.id)).id), { notice: 'duplicated' })
        break
      case 'delete':
        await quotesApi.remove(api, quote.id)
        effects.navigate(paths.account.href(), { notice: 'quote-deleted' })
        break
      case 'revise':
        effects.navigate(paths.quote.href((await quotesApi.revise(api, quote.id)).id), { notice: 'revised' })
        break
      case 'cancel':
        effects.onChanged(await quotesApi.cancel(api, quote.id))
        break
      case 'remind':
        await quotesApi.remind(api, quote.id)
        effects.onReminded?.()
        break
    }
    return null
  } catch (error) {
    return actionProblem(action, error)
  }
}
