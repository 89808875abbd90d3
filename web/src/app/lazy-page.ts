import type { PageModule, PageRoute } from './page-routes'

/**
 * A page's code, loaded once. The browser loads the current page before hydrating, so the
 * first render is synchronous and matches the prerendered HTML; later pages load on demand.
 */
export interface LazyPage {
  route: PageRoute
  /**
   * Always the same promise, even once rejected: React's use() needs a stable promise, and a
   * new import on every render would loop. A failed page recovers by reloading the document
   * (the chunk-error guard does that).
   */
  load: () => Promise<PageModule>
  readonly module: PageModule | undefined
}

/** A module loaded once on demand, kept once loaded (a lazy layout), with the same stable promise. */
export interface LazyModule<T> {
  load: () => Promise<T>
  readonly module: T | undefined
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let module: T | undefined
  let pending: Promise<T> | undefined
  return {
    load: () => {
      pending ??= importer().then((loaded) => (module = loaded))
      return pending
    },
    get module() {
      return module
    }
  }
}

const pages = new Map<PageRoute, LazyPage>()

export function lazyPage(route: PageRoute): LazyPage {
  let page = pages.get(route)
  if (page === undefined) {
    const loaded = lazyModule(route.load)
    page = {
      route,
      load: loaded.load,
      get module() {
        return loaded.module
      }
    }
    pages.set(route, page)
  }
  return page
}
