import { useEffect } from 'react'
import { useRuntimeConfig } from './runtime-config'
import { documentTitle, type RouteHandle } from './route-handle'

/** Keeps <title> and the description in step with the page after client-side navigation. */
export function DocumentHead({ handle }: { handle: RouteHandle }): null {
  const { siteName } = useRuntimeConfig()
  useEffect(() => {
    document.title = documentTitle(handle.title, siteName)
    document.querySelector('meta[name="description"]')?.setAttribute('content', handle.description)
  }, [handle, siteName])
  return null
}
