import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import { useSender } from '../api/get-sender'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { senderApi, type SenderAnswer } from '../api/sender-api'
import { SenderAddressCard } from '../components/sender-address-card'
import { SenderStatusCard } from '../components/sender-status-card'
import { confirmationOutcome } from '../lib/confirmation-outcome'

export const handle: RouteHandle = {
  title: 'Adresse d’expédition',
  description: 'L’adresse depuis laquelle vos clients reçoivent vos devis, confirmée et signée DKIM.'
}

export { SenderPage as Component }

function SenderPage() {
  const { api } = useWorkspace()
  const [search] = useSearchParams()
  const load = loadOf(useSender())
  const reload = useInvalidate(queryKeys.sender)
  const [answer, setAnswer] = useState<SenderAnswer | null>(null)
  const [address, setAddress] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const navigate = useNavigate()
  const [status, setStatus] = useState<ActionOutcome>(null)
  // The confirmation link lands here with what it found: said once hydrated (the prerendered
  // page cannot know it), and taken out of the address so that a reload does not say it again.
  const confirmation = search.get('confirmation')
  useEffect(() => {
    const outcome = confirmationOutcome(confirmation)
    if (outcome === null) return
    setStatus(outcome)
    void navigate(paths.sender.href(), { replace: true })
  }, [confirmation, navigate])
  const [working, setWorking] = useState(false)
  const [removing, setRemoving] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  // The last answer of an action, else the page's load.
  const shown = answer ?? (load.kind === 'ready' ? load.data : null)

  async function act(action: () => Promise<SenderAnswer>, done: (result: SenderAnswer) => string) {
    setWorking(true)
    setStatus(null)
    try {
      const result = await action()
      setAnswer(result)
      setStatus({ kind: 'done', text: done(result) })
      return true
    } catch (error) {
      const failure = asApiError(error)
      const field = failure.fields?.address
      if (field !== undefined) {
        setProblem(field)
        inputRef.current?.focus()
      } else setStatus({ kind: 'failed', text: failure.message })
      return false
    } finally {
      setWorking(false)
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (address.trim() === '') {
      setProblem('Indiquez l’adresse d’expédition.')
      inputRef.current?.focus()
      return
    }
    setProblem(null)
    void act(
      () => senderApi.set(api, address.trim()),
      (result) => `Un lien de confirmation a été envoyé à ${result.sender?.address ?? address.trim()}.`
    ).then((saved) => {
      if (saved) setAddress('')
    })
  }

  return (
    <article className="team-page">
      <header className="page-intro workspace-intro">
        <h1>Adresse d’expédition</h1>
        <p className="lead">
          Vos clients reçoivent vos devis, relances et copies signées de «&#8239;{shown?.viaName ?? 'Votre entreprise via le site'}&#8239;»,
          et leurs réponses arrivent à l’adresse de votre profil. Avec votre propre adresse, ils viennent de votre domaine.
        </p>
      </header>
      {load.kind === 'loading' && answer === null ? <LoadingStatus /> : null}
      {load.kind === 'failed' && answer === null ? <LoadFailure error={load.error} onRetry={reload} /> : null}
      <ActionOutcomeNotice outcome={status} />
      {shown === null ? null : (
        <>
          {shown.sender === null ? null : (
            <SenderStatusCard
              sender={shown.sender}
              viaName={shown.viaName}
              working={working}
              removing={removing}
              onResend={() =>
                void act(
                  () => senderApi.resendConfirmation(api),
                  () => 'Le lien de confirmation est renvoyé.'
                )
              }
              onCheck={() =>
                void act(
                  () => senderApi.check(api),
                  (result) =>
                    result.sender?.state === 'active'
                      ? 'Enregistrement DKIM trouvé : vos e-mails partent désormais de votre adresse.'
                      : 'Vérification faite : voyez ci-dessous ce qui manque.'
                )
              }
              onAskRemove={setRemoving}
              onRemove={() =>
                void act(
                  () => senderApi.remove(api).then(() => ({ ...shown, sender: null })),
                  () => 'Adresse supprimée : vos e-mails partent de nouveau au nom de votre entreprise via le site.'
                ).then(() => setRemoving(false))
              }
            />
          )}
          <SenderAddressCard
            included={shown.included}
            current={shown.sender?.address ?? null}
            address={address}
            problem={problem}
            inputRef={inputRef}
            working={working}
            onAddressChange={setAddress}
            onSubmit={save}
          />
        </>
      )}
    </article>
  )
}
