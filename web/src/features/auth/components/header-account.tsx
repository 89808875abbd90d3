import { NavLink, useSearchParams } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useHydrated } from '@/hooks/use-hydrated'
import { useAuthSession } from '../hooks/use-auth-session'
import { useSignOut } from '../hooks/use-sign-out'

/**
 * The header's account entries: « Connexion » and « Créer un compte » (also in the prerendered HTML), or « Mon espace »
 * and « Se déconnecter » once the browser turns out to hold a session (decided after hydration).
 */
export function HeaderAccount() {
  const session = useAuthSession()
  const { signOut, pending } = useSignOut()
  // Where the visitor was sent to sign in (an invitation, a page of the workspace) stays the goal
  // whichever of the header's links they take; read once hydrated, as the prerender has no query.
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const redirectTo = hydrated ? (searchParams.get('redirectTo') ?? undefined) : undefined
  return (
    <HeaderAccountView
      signedIn={session.status === 'signed-in'}
      onSignOut={() => void signOut()}
      signingOut={pending}
      redirectTo={redirectTo}
    />
  )
}

export function HeaderAccountView({
  signedIn,
  onSignOut,
  signingOut,
  redirectTo
}: {
  signedIn: boolean
  onSignOut: () => void
  signingOut: boolean
  redirectTo?: string
}) {
  if (!signedIn) {
    return (
      <>
        <li>
          <NavLink className="site-nav__login" to={paths.login.href(redirectTo)}>
            Connexion
          </NavLink>
        </li>
        {/* The visitor who came to start: one click from every public page, as on Yousign or Obat;
            on a phone it sits beside the logo, « Connexion » among the other links (two rows, not three). */}
        <li className="site-nav__account">
          <NavLink className="site-nav__signup" to={paths.signup.href(redirectTo)}>
            Créer un compte
          </NavLink>
        </li>
      </>
    )
  }
  return (
    <>
      <li className="site-nav__account">
        <NavLink className="site-nav__login" to={paths.account.href()}>
          Mon espace
        </NavLink>
      </li>
      <li>
        <button type="button" className="site-nav__button" onClick={onSignOut} disabled={signingOut}>
          Se déconnecter
        </button>
      </li>
    </>
  )
}
