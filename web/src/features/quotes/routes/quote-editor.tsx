import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { Quote } from '@paraphe/shared/quote'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiError } from '@/lib/api-client'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import type { RouteHandle } from '@/lib/route-handle'
import { getQuoteQueryOptions, useQuote, useQuoteChanged } from '../api/get-quote'
import { DraftScreen } from '../components/draft-screen'
import { SentScreen } from '../components/sent-screen'

export const handle: RouteHandle = {
  title: 'Devis',
  description: 'Rédigez votre devis, suivez ses totaux et envoyez-le à votre client pour signature en ligne.'
}

export type QuoteLoad =
  | { kind: 'loading' }
  /** `editor` names the editor's instance: a new one for each load, kept when a new draft is stored. */
  | { kind: 'ready'; quote: Quote; signingUrl: string | null; editor: string }
  | { kind: 'failed'; error: ApiError }

/**
 * A quote's page (`/espace/devis/:id`): the editor for a draft, the read-only quote otherwise.
 * Also « Nouveau devis » (`/espace/devis/nouveau`, no id): the editor on a draft that is stored
 * at the first input, then takes its own address without leaving the editor.
 */
export { QuotePage as Component }

const NOTICES: Readonly<Record<string, string>> = {
  duplicated: 'Copie créée\u202f: vous modifiez maintenant la copie, en brouillon.',
  revised: 'Nouvelle version créée en brouillon. L’ancien devis est annulé et son lien de signature ne fonctionne plus.'
}

function QuotePage() {
  const { id = '' } = useParams()
  const { api } = useWorkspace()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const quoteChanged = useQuoteChanged()
  // The address a new draft just got (it was « nouveau »): the editor on screen is already its own.
  const [stored, setStored] = useState<{ id: string; editor: string } | null>(null)
  // Also while the address is still « nouveau » (the router's update comes after the draft is
  // stored): the editor typed in stays on screen, not one keyed to the cache's new answer.
  const storedHere = stored !== null && (stored.id === id || id === '') ? stored : null
  const query = useQuote(storedHere === null ? id : '')
  const shownKey = getQuoteQueryOptions(api, storedHere === null ? id : '').queryKey
  // The signing link a send gave, for the quote it was given to (it is shown once, not stored).
  const [signing, setSigning] = useState<{ id: string; url: string } | null>(null)
  // The notice after « Dupliquer » or « Modifier », for the quote it was given to.
  const [notice, setNotice] = useState<{ id: string; text: string } | null>(null)

  useEffect(() => {
    const text = NOTICES[String((location.state as { notice?: unknown } | null)?.notice)]
    if (text === undefined) return
    setNotice({ id, text })
    // Said once: the browser keeps a page's history state across a reload, which would say it again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
  }, [location.state, location.pathname, location.search, id, navigate])

  // « Nouveau devis » again after a draft was stored from it: a new unsaved draft. Only when the
  // address comes back to « nouveau » from the stored draft's: the render between the draft being
  // stored and its address taking over (the router's update comes after) must not start over.
  const previousId = useRef(id)
  useEffect(() => {
    const from = previousId.current
    previousId.current = id
    if (id !== '' || stored === null || from === '') return
    setStored(null)
    void queryClient.resetQueries({ queryKey: queryKeys.quotes.unsaved })
  }, [id, stored, queryClient])

  // A reload starts a fresh editor from what the server has: through the loading state, so
  // the editor on screen goes and a new one comes with the answer.
  const reload = () => void queryClient.resetQueries({ queryKey: shownKey })
  const creating = id === ''
  const shown = loadOf(query)
  if (shown.kind !== 'ready') return <QuotePageStatus load={shown} onRetry={reload} creating={creating} />
  const load: Extract<QuoteLoad, { kind: 'ready' }> = {
    kind: 'ready',
    quote: shown.data,
    signingUrl: signing !== null && signing.id === shown.data.id ? signing.url : null,
    // One editor per quote read; a draft just stored keeps the editor it was typed in.
    editor: storedHere?.editor ?? `${id}:${query.dataUpdatedAt}`
  }
  const replace = (quote: Quote, signingUrl?: string) => {
    if (signingUrl !== undefined) setSigning({ id: quote.id, url: signingUrl })
    queryClient.setQueryData(shownKey, quote)
    quoteChanged(quote)
  }
  const onCreated = (quote: Quote) => {
    // The unsaved draft's cache entry stays the editor's, under its new address too.
    queryClient.setQueryData(queryKeys.quotes.unsaved, quote)
    setStored({ id: quote.id, editor: load.editor })
    quoteChanged(quote)
    void navigate(paths.quote.href(quote.id), { replace: true })
  }
  return (
    <>
      {/* About the draft being edited: gone once it is sent. */}
      {notice === null || notice.id !== load.quote.id || load.quote.status !== 'draft' ? null : (
        <p className="notice notice--success workspace-notice" role="status">
          {notice.text}
        </p>
      )}
      {load.quote.status === 'draft' ? (
        // A reload starts a fresh editor from what the server has.
        <DraftScreen key={load.editor} quote={load.quote} onSent={replace} onReload={reload} onCreated={onCreated} />
      ) : (
        <SentScreen quote={load.quote} signingUrl={load.signingUrl} onChanged={replace} />
      )}
    </>
  )
}

/** Loading (also the prerendered shell) or failed. */
export function QuotePageStatus({
  load,
  onRetry,
  creating = false
}: {
  load: Exclude<QuoteLoad, { kind: 'ready' }>
  onRetry: () => void
  creating?: boolean
}) {
  return (
    <article className="quote-page">
      <header className="quote-page__head">
        <h1>{creating ? 'Nouveau devis' : 'Devis'}</h1>
      </header>
      {load.kind === 'loading' ? (
        <p className="workspace-loading" role="status">
          {creating ? 'Préparation du brouillon…' : 'Chargement du devis…'}
        </p>
      ) : load.error.status === 404 ? (
        <div className="notice notice--error" role="alert">
          <p>Ce devis n’existe pas, ou il appartient à un autre compte.</p>
          <p>
            <Link to={paths.account.href()}>Retour à mes devis</Link>
          </p>
        </div>
      ) : (
        <div className="notice notice--error" role="alert">
          <p>{load.error.message}</p>
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Réessayer
          </button>
        </div>
      )}
    </article>
  )
}
