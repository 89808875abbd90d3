import { useLocation } from 'react-router-dom'
import { ErrorPage } from '@/components/errors/error-page'
import type { RouteHandle } from '@/lib/route-handle'

export const handle: RouteHandle = {
  title: 'Page introuvable',
  description: 'Cette adresse ne correspond à aucune page.'
}

export function Component() {
  const { pathname } = useLocation()
  return <ErrorPage statusCode={404} message={`Page not found: ${pathname}`} />
}
