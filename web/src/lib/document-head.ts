import { useEffect } from 'react'
import { useRuntimeConfig } from './runtime-config'
import { documentTitle, useRouteHandle } from './route-handle'

/** Keeps <title> and the description in step with the route after client-side navigation. */
export function useDocumentHead(): void {
  const handle = useRouteHandle()
  const { siteName } = useRuntimeConfig()
  useEffect(() => {
    if (handle === undefined) return
    document.title = documentTitle(handle.title, siteName)
    document.querySelector('meta[name="description"]')?.setAttribute('content', handle.description)
  }, [handle, siteName])
}
