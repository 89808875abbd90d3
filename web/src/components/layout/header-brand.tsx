import { createContext, use, useEffect } from 'react'

/** The professional's name and, when their plan prints it, their logo's address. */
export interface HeaderBrand {
  name: string
  logoUrl: string | null
}

/**
 * Whose name the signing pages' header shows: the site's until the quote is read, then the
 * professional's. The page sets it; the layout (which the page cannot import) draws it.
 */
export const HeaderBrandContext = createContext<(brand: HeaderBrand | null) => void>(() => undefined)

/** Shows `brand` in the header while the calling page is on screen. */
export function useHeaderBrand(brand: HeaderBrand | null): void {
  const setBrand = use(HeaderBrandContext)
  const name = brand?.name ?? null
  const logoUrl = brand?.logoUrl ?? null
  useEffect(() => {
    setBrand(name === null ? null : { name, logoUrl })
    return () => setBrand(null)
  }, [name, logoUrl, setBrand])
}
