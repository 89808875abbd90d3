import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import type { PlatformAuthKind } from '@paraphe/shared/api/platform-schemas'
import { checkPlatformForm, type PlatformForm } from '@paraphe/shared/platform-connection'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import type { RouteHandle } from '@/lib/route-handle'
import { usePlatform } from '../api/get-platform'
import { platformApi, type PlatformConnection } from '../api/platform-api'
import { PlatformWebhook } from '../components/platform-webhook'
import { ChorusProSection } from '../components/chorus-pro-section'

export const handle: RouteHandle = {
  title: 'Ma plateforme agréée',
  description:
    'La connexion à votre plateforme agréée, par laquelle vos factures aux entreprises sont transmises, et votre accès à Chorus Pro pour les acheteurs publics.'
}

export { PlatformPage as Component }

type Problems = Partial<Record<keyof PlatformForm, string>>

/** The fields in the order the form shows them. */
const FIELD_ORDER: Array<keyof PlatformForm> = ['apiUrl', 'tokenUrl', 'clientId', 'secret']

const EMPTY: PlatformForm = { apiUrl: '', authKind: 'oauth2', tokenUrl: '', clientId: '', secret: '' }

function formOf(connection: PlatformConnection | null): PlatformForm {
  if (connection === null) return EMPTY
  return {
    apiUrl: connection.apiUrl,
    authKind: connection.authKind,
    tokenUrl: connection.tokenUrl ?? '',
    clientId: connection.clientId ?? '',
    secret: ''
  }
}

function TextField(props: {
  id: keyof PlatformForm
  label: string
  hint: string
  value: string
  problem: string | undefined
  type?: 'url' | 'text' | 'password'
  onChange: (value: string) => void
}) {
  const inputId = `platform-${props.id}`
  return (
    <div className={props.problem === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={inputId}>{props.label}</label>
      <p className="field__hint" id={`${inputId}-hint`}>
        {props.hint}
      </p>
      <input
        id={inputId}
        type={props.type ?? 'text'}
        autoComplete="off"
        spellCheck={false}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.problem === undefined ? undefined : true}
        aria-describedby={props.problem === undefined ? `${inputId}-hint` : `${inputId}-hint ${inputId}-error`}
      />
      {props.problem === undefined ? null : (
        <p className="field__error" id={`${inputId}-error`}>
          {props.problem}
        </p>
      )}
    </div>
  )
}

function PlatformPage() {
  const { api } = useWorkspace()
  const queryClient = useQueryClient()
  const load = loadOf(usePlatform())
  const reload = useInvalidate(queryKeys.platform)
  const [saved, setSaved] = useState<PlatformConnection | null | undefined>(undefined)
  const [form, setForm] = useState<PlatformForm | null>(null)
  const [problems, setProblems] = useState<Problems>({})
  const [status, setStatus] = useState<ActionOutcome>(null)
  const [working, setWorking] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const connection = saved !== undefined ? saved : load.kind === 'ready' ? load.data.platform : undefined
  const shown = form ?? formOf(connection ?? null)
  const update = (patch: Partial<PlatformForm>) => setForm({ ...shown, ...patch })

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkPlatformForm(shown, connection !== null && connection !== undefined)
    if (!checked.ok) {
      setProblems(checked.problems)
      // The fields are not marked invalid until React renders again: the first wrong one is found by its id.
      const first = FIELD_ORDER.find((key) => checked.problems[key] !== undefined)
      if (first !== undefined) formRef.current?.querySelector<HTMLInputElement>(`#platform-${first}`)?.focus()
      return
    }
    setProblems({})
    setWorking(true)
    setStatus(null)
    try {
      const answer = await platformApi.save(api, shown)
      queryClient.setQueryData(queryKeys.platform, answer)
      setSaved(answer.platform)
      setForm({ ...shown, secret: '' })
      setStatus({ kind: 'done', text: 'Connexion enregistrée. Testez-la pour vérifier les identifiants.' })
    } catch (error) {
      const failure = asApiError(error)
      if (failure.fields !== undefined) setProblems(failure.fields)
      else setStatus({ kind: 'failed', text: failure.message })
    } finally {
      setWorking(false)
    }
  }

  async function test() {
    setWorking(true)
    setStatus(null)
    try {
      const answer = await platformApi.test(api)
      queryClient.setQueryData(queryKeys.platform, { platform: answer.platform })
      setSaved(answer.platform)
      setStatus(
        answer.ok
          ? { kind: 'done', text: 'Connexion réussie : la plateforme a donné un jeton et son contrôle de santé répond.' }
          : { kind: 'failed', text: answer.problem ?? 'La connexion a échoué.' }
      )
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    } finally {
      setWorking(false)
    }
  }

  async function remove() {
    setWorking(true)
    setStatus(null)
    try {
      await platformApi.remove(api)
      queryClient.setQueryData(queryKeys.platform, { platform: null })
      setSaved(null)
      setForm(EMPTY)
      setStatus({ kind: 'done', text: 'Connexion supprimée : vos factures aux entreprises ne sont plus transmises à une plateforme.' })
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
    } finally {
      setWorking(false)
    }
  }

  const oauth = shown.authKind === 'oauth2'
  return (
    <article className="team-page">
      <header className="page-intro workspace-intro">
        <h1>Ma plateforme agréée</h1>
        <p className="lead">
          À partir du 1er septembre 2027, vos factures aux entreprises françaises passent par votre plateforme agréée. Indiquez ici les
          accès à son API (norme AFNOR XP Z12-013) que la plateforme vous a donnés&#8239;: chaque facture émise lui est alors déposée, et
          ses statuts reviennent sur la facture.
        </p>
      </header>
      {load.kind === 'loading' && saved === undefined ? <LoadingStatus /> : null}
      {load.kind === 'failed' && saved === undefined ? <LoadFailure error={load.error} onRetry={reload} /> : null}
      <ActionOutcomeNotice outcome={status} />
      {connection === undefined ? null : (
        <section className="card team-card" aria-labelledby="platform-form-title">
          <h2 id="platform-form-title">{connection === null ? 'Connecter ma plateforme' : 'Accès à ma plateforme'}</h2>
          {connection?.testedAt ? (
            <p>
              Dernier test le {new Date(connection.testedAt).toLocaleString('fr-FR')}&#8239;:{' '}
              {connection.testProblem === null ? 'connexion réussie.' : connection.testProblem}
            </p>
          ) : null}
          <form ref={formRef} className="form-grid" noValidate onSubmit={(event) => void save(event)}>
            <TextField
              id="apiUrl"
              label="Adresse de l’API"
              hint="Par exemple https://api.ma-plateforme.fr (sans /v1)."
              type="url"
              value={shown.apiUrl}
              problem={problems.apiUrl}
              onChange={(apiUrl) => update({ apiUrl })}
            />
            <fieldset className="choice-group">
              <legend className="choice-group__legend">Authentification</legend>
              <div className="choice-group__options">
                {(
                  [
                    ['oauth2', 'Identifiant client et secret (OAuth2)'],
                    ['api_key', 'Clé d’API']
                  ] as Array<[PlatformAuthKind, string]>
                ).map(([kind, label]) => (
                  <label key={kind} className="choice">
                    <input
                      type="radio"
                      name="platform-auth"
                      checked={shown.authKind === kind}
                      onChange={() => update({ authKind: kind })}
                    />{' '}
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            {oauth ? (
              <>
                <TextField
                  id="tokenUrl"
                  label="Adresse des jetons"
                  hint="L’adresse « token URL » donnée par votre plateforme."
                  type="url"
                  value={shown.tokenUrl}
                  problem={problems.tokenUrl}
                  onChange={(tokenUrl) => update({ tokenUrl })}
                />
                <TextField
                  id="clientId"
                  label="Identifiant client"
                  hint="Le « client id » donné par votre plateforme."
                  value={shown.clientId}
                  problem={problems.clientId}
                  onChange={(clientId) => update({ clientId })}
                />
              </>
            ) : null}
            <TextField
              id="secret"
              label={oauth ? 'Secret client' : 'Clé d’API'}
              hint={
                connection === null
                  ? 'Chiffré dès réception, il n’est plus jamais affiché.'
                  : 'Enregistré et chiffré, il n’est plus affiché : laissez vide pour le garder, ou saisissez-en un nouveau.'
              }
              type="password"
              value={shown.secret}
              problem={problems.secret}
              onChange={(secret) => update({ secret })}
            />
            <div className="sender-actions">
              <button type="submit" className="button button--primary" disabled={working}>
                Enregistrer
              </button>
              {connection === null ? null : (
                <>
                  <button type="button" className="button" disabled={working} onClick={() => void test()}>
                    Tester la connexion
                  </button>
                  <button type="button" className="button button--danger" disabled={working} onClick={() => void remove()}>
                    Supprimer la connexion
                  </button>
                </>
              )}
            </div>
          </form>
        </section>
      )}
      {connection === undefined || connection === null ? null : <PlatformWebhook webhookPath={connection.webhookPath} />}
      {/* Once the page has loaded: a gateway out of reach is said once, by the section above. */}
      {connection === undefined ? null : <ChorusProSection />}
    </article>
  )
}
