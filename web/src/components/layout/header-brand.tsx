import { createContext, use, useEffect } from 'react'

/**
 * Whose name the signing pages' header shows: the site's until the quote is read, then the
 * professional's. The page sets it; the layout (which the page cannot import) draws it.
 */
export const HeaderBrandContext = createContext<(brand: string | null) => void>(() => undefined)

/** Shows `brand` in the header while the calling page is on screen. */
export function useHeaderBrand(brand: string | null): void {
  const setBrand = use(HeaderBrandContext)
  useEffect(() => {
    setBrand(brand)
    return () => setBrand(null)
  }, [brand, setBrand])
}
