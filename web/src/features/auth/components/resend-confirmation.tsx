import { useState, type FormEvent } from 'react'
import { paths } from '@paraphe/shared/paths'
import { useAuthAvailability } from '../hooks/use-auth-session'
import { resendConfirmation } from '../lib/actions'
import { siteUrl } from '../lib/auth-link'
import { checkEmail } from '../lib/password-rules'
import { FormAlert, FormStatus } from '@/components/form/form-alert'
import { SubmitButton } from '@/components/form/submit-button'
import { TextField } from '@/components/form/text-field'

type Outcome = { kind: 'sent'; to: string } | { kind: 'failed'; message: string } | null

/**
 * Sends the sign-up confirmation e-mail again. With `email` it is one button; without, it asks
 * for the address. The answer is the same whether or not an account waits for confirmation.
 */
export function ResendConfirmation({ email: knownEmail, idPrefix }: { email?: string; idPrefix: string }) {
  const { availability, anonKey } = useAuthAvailability()
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [pending, setPending] = useState(false)

  async function resend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (anonKey === null) return
    const target = (knownEmail ?? email).trim()
    if (knownEmail === undefined) {
      const invalid = checkEmail(target)
      setProblem(invalid)
      if (invalid !== undefined) return
    }
    setPending(true)
    setOutcome(null)
    const result = await resendConfirmation(anonKey, target, siteUrl(paths.confirmEmail.href()))
    setPending(false)
    setOutcome(result.ok ? { kind: 'sent', to: target } : { kind: 'failed', message: result.error.message })
  }

  return (
    <form className="form form--compact" method="post" onSubmit={resend} noValidate aria-label="Renvoyer l’e-mail de confirmation">
      {knownEmail === undefined ? (
        <TextField
          id={`${idPrefix}-email`}
          name="email"
          label="Adresse e-mail utilisée pour l’inscription"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={problem}
        />
      ) : null}
      <SubmitButton ready={availability === 'ready'} pending={pending} pendingLabel="Envoi en cours…">
        Renvoyer l’e-mail de confirmation
      </SubmitButton>
      {outcome?.kind === 'sent' ? (
        <FormStatus>
          C’est fait&#8239;: si une inscription attend d’être confirmée pour <strong>{outcome.to}</strong>, un nouvel e-mail vient de
          partir. Pensez à regarder dans les courriers indésirables.
        </FormStatus>
      ) : null}
      {outcome?.kind === 'failed' ? <FormAlert>{outcome.message}</FormAlert> : null}
    </form>
  )
}
