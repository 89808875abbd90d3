import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useHydrated } from '@/hooks/use-hydrated'
import type { RouteHandle } from '@/lib/route-handle'
import { LoadingLink } from '../components/link-status'
import { SigningGuide } from '../components/signing-guide'

export const handle: RouteHandle = {
  title: 'Signer un devis',
  description: 'Comment signer en ligne le devis envoyé par un professionnel\u202f: gratuit, sans compte, depuis le lien reçu par e-mail.'
}

/** The link's token, from the page's query (empty on the guide). */
function tokenOf(search: URLSearchParams): string {
  return search.get('token')?.trim() ?? ''
}

// The signing itself (and signature_pad) loads only for a link with its token.
let signingLink: Promise<typeof import('../components/signing-link')> | undefined
const loadSigningLink = () => (signingLink ??= import('../components/signing-link'))
const SigningLink = lazy(loadSigningLink)

// On a link, its code starts loading as soon as this page's code runs, in a task of its own:
// started from the render that first needs it, the preloading of its dozen chunks made the
// render after hydration a long task.
if (typeof window !== 'undefined' && tokenOf(new URLSearchParams(window.location.search)) !== '') {
  window.setTimeout(() => void loadSigningLink().catch(() => undefined), 0)
}

/**
 * One prerendered page for every link: the guide, which hydrates as it is; then, in the
 * browser, the quote of the link's token when there is one (the query is not part of the
 * prerender, so it is read only after hydration).
 */
export function Component() {
  const hydrated = useHydrated()
  const [search] = useSearchParams()
  const token = tokenOf(search)
  if (!hydrated || token === '') return <SigningGuide />
  return (
    <Suspense fallback={<LoadingLink />}>
      <SigningLink key={token} token={token} />
    </Suspense>
  )
}
