import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useHydrated } from '@/hooks/use-hydrated'
import type { RouteHandle } from '@/lib/route-handle'
import { LoadingLink } from '../components/link-status'
import { SigningGuide } from '../components/signing-guide'

export const handle: RouteHandle = {
  title: 'Signer un devis',
  description:
    'Comment signer en ligne le devis envoyé par un professionnel\u202f: gratuit, sans compte, depuis le lien reçu par e-mail.'
}

// The signing itself (and signature_pad) loads only for a link with its token.
const SigningLink = lazy(() => import('../components/signing-link'))

/**
 * One prerendered page for every link: the guide, which hydrates as it is; then, in the
 * browser, the quote of the link's token when there is one (the query is not part of the
 * prerender, so it is read only after hydration).
 */
export function Component() {
  const hydrated = useHydrated()
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  if (!hydrated || token === '') return <SigningGuide />
  return (
    <Suspense fallback={<LoadingLink />}>
      <SigningLink key={token} token={token} />
    </Suspense>
  )
}
