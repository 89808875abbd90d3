import type { PageModule, PageRoute } from './page-routes'

/**
 * A page's code, loaded once. The browser loads the current page before hydrating, so the
 * first render is synchronous and matches the prerendered HTML; later pages load on demand.
 */
export interface LazyPage {
  route: PageRoute
  load: () => Promise<PageModule>
  readonly module: PageModule | undefined
}

const pages = new Map<PageRoute, LazyPage>()

export function lazyPage(route: PageRoute): LazyPage {
  let page = pages.get(route)
  if (page === undefined) {
    let module: PageModule | undefined
    let pending: Promise<PageModule> | undefined
    page = {
      route,
      load: () => {
        pending ??= route.load().then(
          (loaded) => (module = loaded),
          (error: unknown) => {
            pending = undefined // a later attempt may succeed (network back)
            throw error
          }
        )
        return pending
      },
      get module() {
        return module
      }
    }
    pages.set(route, page)
  }
  return page
}
