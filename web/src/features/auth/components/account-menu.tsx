import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

export interface AccountMenuProps {
  email: string | null
  /** The company's name, shown under who is signed in ('' when the profile has none yet). */
  companyName?: string
  /** The settings' links (the app layout knows the sections; this feature does not). */
  links: ReactNode
  onSignOut: () => void
  signingOut: boolean
}

/**
 * The account menu of the workspace header: one button that discloses who is signed in, the
 * company's settings and the one « Se déconnecter ». A disclosure rather than an ARIA menu: its
 * content is links and a button, reached with Tab like the rest of the page. Escape or a click
 * elsewhere closes it; a new page remounts it closed (the layout keys it by the URL).
 */
export function AccountMenu({ email, companyName = '', links, onSignOut, signingOut }: AccountMenuProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || root.current?.contains(event.target) !== true) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  return (
    <div
      className="account-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        setOpen(false)
        toggle.current?.focus()
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="button button--ghost account-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Compte
        <span className="account-menu__chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <p className="account__greeting">
          {email === null ? (
            'Vous êtes connecté.'
          ) : (
            <>
              Connecté en tant que <strong>{email}</strong>
            </>
          )}
        </p>
        {companyName.trim() === '' ? null : <p className="account__company">{companyName}</p>}
        {links}
        <button type="button" className="button button--ghost account__sign-out" onClick={onSignOut} disabled={signingOut}>
          Se déconnecter
        </button>
      </div>
    </div>
  )
}
