import { useState, type FormEvent } from 'react'
import { paths } from '@paraphe/shared/paths'
import { useAuthAvailability } from '../hooks/use-auth-session'
import { requestPasswordReset } from '../lib/actions'
import { siteUrl } from '../lib/auth-link'
import { checkEmail } from '../lib/password-rules'
import { AuthUnavailable } from './auth-unavailable'
import { FormAlert } from '@/components/form/form-alert'
import { SubmitButton } from '@/components/form/submit-button'
import { TextField } from '@/components/form/text-field'

/**
 * Asks Supabase Auth for a password-reset e-mail. Supabase answers the same whether or not the
 * account exists, and so does this form (`onSent`).
 */
export function RequestResetForm({ idPrefix, onSent }: { idPrefix: string; onSent: (email: string) => void }) {
  const { availability, anonKey } = useAuthAvailability()
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (anonKey === null) return
    const target = email.trim()
    const invalid = checkEmail(target)
    setProblem(invalid)
    if (invalid !== undefined) return
    setPending(true)
    setFailure(null)
    const result = await requestPasswordReset(anonKey, target, siteUrl(paths.resetPassword.href()))
    setPending(false)
    if (result.ok) onSent(target)
    else setFailure(result.error.message)
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate>
      <AuthUnavailable availability={availability} />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label="Adresse e-mail de votre compte"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={problem}
      />
      {failure === null ? null : <FormAlert>{failure}</FormAlert>}
      <SubmitButton ready={availability === 'ready'} pending={pending} pendingLabel="Envoi en cours…">
        Recevoir un lien de réinitialisation
      </SubmitButton>
    </form>
  )
}
