import { paths } from '@paraphe/shared/paths'

/**
 * Pages a search engine must not index, even when a link to them leaks (a signing link pasted
 * in a forum, a confirmation link in a shared mailbox): they carry tokens or only make sense
 * to one person. robots.txt only asks crawlers not to fetch; a page they never fetched can
 * still be listed from links, hence `X-Robots-Tag: noindex`, which they read on the response.
 */
const NOINDEX_PAGES: ReadonlySet<string> = new Set([
  paths.checkoutSuccess.path,
  paths.checkoutCancel.path,
  paths.confirmEmail.path,
  paths.resetPassword.path,
  paths.signQuote.path,
  paths.invoicePayment.path,
  paths.account.path
])

/** The account area (`/espace` and below) is private too. */
export function isNoindexPage(urlPath: string): boolean {
  return NOINDEX_PAGES.has(urlPath) || urlPath.startsWith(`${paths.account.path}/`)
}

export const NOINDEX = 'noindex'
