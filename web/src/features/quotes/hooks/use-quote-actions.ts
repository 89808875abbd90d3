import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Quote } from '@paraphe/shared/quote'
import { saveFile } from '@/lib/save-file'
import type { ApiClient } from '@/lib/api-client'
import type { ActionProblem, QuoteAction } from '../lib/action-problems'
import { performQuoteAction } from '../lib/quote-actions'

export interface QuoteActions {
  busy: QuoteAction | null
  problem: ActionProblem | null
  run: (action: QuoteAction) => void
}

export interface QuoteActionsOptions {
  api: ApiClient
  quote: Quote
  /** Saves what is waiting before the PDF, sending or duplicating (drafts). */
  saveFirst?: () => Promise<boolean>
  /** The quote changed in place (sent, cancelled). */
  onChanged: (quote: Quote, signingUrl?: string) => void
  /** The client was reminded. */
  onReminded?: () => void
}

/** The actions on one quote, one at a time, with what went wrong if anything. */
export function useQuoteActions({ api, quote, saveFirst, onChanged, onReminded }: QuoteActionsOptions): QuoteActions {
  const navigate = useNavigate()
  const [busy, setBusy] = useState<QuoteAction | null>(null)
  const [problem, setProblem] = useState<ActionProblem | null>(null)
  const run = (action: QuoteAction) => {
    if (busy !== null) return
    setBusy(action)
    setProblem(null)
    void performQuoteAction(action, api, quote, {
      navigate: (to, state) => void navigate(to, { state }),
      onChanged,
      saveFile,
      saveFirst,
      onReminded
    }).then((found) => {
      setBusy(null)
      setProblem(found)
    })
  }
  return { busy, problem, run }
}
