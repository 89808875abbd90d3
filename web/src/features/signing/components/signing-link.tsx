import { startTransition, useCallback, useState } from 'react'
import { useHeaderBrand } from '@/components/layout/header-brand'
import { useFocusOnChange } from '@/hooks/use-focus-on-change'
import { useSignalEffect } from '@/hooks/use-signal-effect'
import { browserSessionStorage } from '@/lib/app-shell/chunk-reload-guard'
import { useApiClient, type ApiError } from '@/lib/api-client'
import { isClosed, signingApi, type SigningView } from '../api/signing-api'
import { asApiError, unreadableMessage } from '../lib/api-errors'
import { visitorId } from '../lib/visitor-id'
import { ClosedLink } from './closed-link'
import { LoadingLink, UnknownLink, UnreachableLink } from './link-status'
import { OpenQuote } from './open-quote'

type Load = { kind: 'loading' } | { kind: 'ready'; view: SigningView; justDone: boolean } | { kind: 'failed'; error: ApiError }

/**
 * The page of one signing link: reads the quote (the gateway records « consulté » once per
 * visitor session), then shows it to sign or decline, or the page of its closed state. After
 * an action the quote is read again, and the focus goes to the new heading.
 */
export default function SigningLink({ token }: { token: string }) {
  const api = useApiClient()
  const [load, setLoad] = useState<Load>({ kind: 'loading' })

  const read = useCallback(
    async (justDone: boolean, signal?: AbortSignal) => {
      try {
        const view = await signingApi.view(api, token, visitorId(browserSessionStorage()), signal)
        // The whole quote at once is a long render on a phone: as a transition it is cut into
        // short slices, the loading state staying on screen until the quote is ready.
        startTransition(() => setLoad({ kind: 'ready', view, justDone }))
      } catch (error) {
        if (signal?.aborted !== true) setLoad({ kind: 'failed', error: asApiError(error) })
      }
    },
    [api, token]
  )

  useSignalEffect((signal) => void read(false, signal), [read])

  // The header speaks in the professional's name once the quote is read.
  useHeaderBrand(
    load.kind === 'ready' ? { name: load.view.company.companyName, logoUrl: load.view.hasLogo ? signingApi.logoHref(token) : null } : null
  )
  const headingRef = useFocusOnChange<HTMLHeadingElement>(
    load.kind === 'ready' ? `${load.view.state}:${load.view.documentSha256}` : load.kind
  )

  if (load.kind === 'loading') return <LoadingLink />
  if (load.kind === 'failed') {
    if (load.error.status === 404) return <UnknownLink message={load.error.message} headingRef={headingRef} />
    return <UnreachableLink message={unreadableMessage(load.error)} onRetry={() => void read(false)} />
  }
  const { view } = load
  if (isClosed(view)) return <ClosedLink view={view} token={token} justDone={load.justDone} headingRef={headingRef} />
  return (
    <OpenQuote
      key={view.documentSha256}
      api={api}
      token={token}
      view={view}
      headingRef={headingRef}
      onClosed={(now) => void read(now)}
      onReload={() => void read(false)}
    />
  )
}
