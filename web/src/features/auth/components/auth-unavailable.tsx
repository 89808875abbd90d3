import type { AuthAvailability } from '../hooks/use-auth-session'

/**
 * Why the form cannot be used yet: nothing while the page loads its code (the submit button is
 * simply disabled), a plain notice when this instance has no accounts.
 */
export function AuthUnavailable({ availability }: { availability: AuthAvailability }) {
  if (availability !== 'unconfigured') return null
  return (
    <p className="notice notice--warning">
      Les comptes ne sont pas configurés sur cette instance&#8239;: l’inscription et la connexion sont indisponibles. Pour toute question,
      contactez l’exploitant du site.
    </p>
  )
}
