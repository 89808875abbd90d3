/** The site's mark (a page with a signature stroke), beside its name in every header. */
export function BrandMark() {
  return (
    <svg className="site-header__mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M6 2h9l5 5v15H6z" fill="currentColor" opacity=".18" />
      <path
        d="M6 2h9l5 5v15H6zM15 2v5h5M9 17c1.5-3 2.5-3 3-1s1.5 2 3-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
