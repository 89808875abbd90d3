import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { Quote } from '@paraphe/shared/quote'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { ApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { quotesApi } from '../api/quotes-api'
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
  const { userId, api } = useWorkspace()
  const location = useLocation()
  const navigate = useNavigate()
  const [load, setLoad] = useState<QuoteLoad>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const loads = useRef(0)
  // The id a new draft just got: its address changes, but it is already on screen.
  const justStored = useRef<string | null>(null)
  // The notice after « Dupliquer » or « Modifier », for the quote it was given to.
  const [notice, setNotice] = useState<{ id: string; text: string } | null>(null)

  useEffect(() => {
    const text = NOTICES[String((location.state as { notice?: unknown } | null)?.notice)]
    if (text === undefined) return
    setNotice({ id, text })
    // Said once: the browser keeps a page's history state across a reload, which would say it again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
  }, [location.state, location.pathname, location.search, id, navigate])

  useEffect(() => {
    if (userId === null) return
    if (justStored.current !== null && justStored.current === id) {
      justStored.current = null
      return
    }
    const controller = new AbortController()
    setLoad({ kind: 'loading' })
    const loading = id === '' ? quotesApi.unsaved(api, controller.signal) : quotesApi.get(api, id, controller.signal)
    loading.then(
      (quote) => {
        loads.current += 1
        setLoad({ kind: 'ready', quote, signingUrl: null, editor: String(loads.current) })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ kind: 'failed', error: asApiError(error) })
      }
    )
    return () => controller.abort()
  }, [api, userId, id, attempt])

  const reload = () => setAttempt((count) => count + 1)
  // Another quote's page (after « Dupliquer »): loading until the effect has fetched it. Not a
  // draft just stored, whose own address is on its way.
  const creating = id === ''
  const arriving = load.kind === 'ready' && load.quote.id === justStored.current
  if (load.kind === 'ready' && load.quote.id !== id && !arriving)
    return <QuotePageStatus load={{ kind: 'loading' }} onRetry={reload} creating={creating} />
  if (load.kind !== 'ready') return <QuotePageStatus load={load} onRetry={reload} creating={creating} />
  const replace = (quote: Quote, signingUrl?: string) => setLoad({ ...load, quote, signingUrl: signingUrl ?? load.signingUrl })
  const stored = (quote: Quote) => {
    justStored.current = quote.id
    setLoad((shown) => (shown.kind === 'ready' ? { ...shown, quote } : shown))
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
        <DraftScreen key={load.editor} quote={load.quote} onSent={replace} onReload={reload} onCreated={stored} />
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
