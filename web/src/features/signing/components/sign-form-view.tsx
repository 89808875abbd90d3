import type { FormEvent, ReactNode, RefObject } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { FormAlert } from '@/components/form/form-alert'
import type { SigningView } from '../api/signing-api'
import type { CodeStatus } from '../lib/signing-actions'
import { ACCEPTANCE_MENTION, PRE_WORK_MENTION } from '@paraphe/shared/quote-mentions'
import { SIGN_FIELD_IDS, type SignField, type SignProblems, type SignProgress, type SignValues } from '../lib/sign-form'
import { SignActionBar } from './sign-action-bar'
import { SignaturePadField, type SignaturePadHandle } from './signature-pad-field'

export interface SignFormViewProps {
  view: Pick<SigningView, 'quote' | 'company' | 'documentSha256'>
  values: SignValues
  problems: SignProblems
  /** Why sending failed (server unreachable…). */
  failure: string | null
  /** The quote changed since the page was opened (its message). */
  changed: string | null
  pending: boolean
  /** The pad holds a drawing. */
  drawn: boolean
  code: CodeStatus
  progress: SignProgress
  /** Every other step is done: drawing the signature is the last thing before signing. */
  lastStep: boolean
  /** The bar's button while the form is incomplete. */
  onNextStep: () => void
  padRef: RefObject<SignaturePadHandle | null>
  onChange: <K extends keyof SignValues>(field: K, value: SignValues[K]) => void
  onDrawnChange: (drawn: boolean) => void
  onRequestCode: () => void
  onReload: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}

const errorId = (field: SignField) => `${SIGN_FIELD_IDS[field]}-error`

/** aria-invalid and aria-describedby of a control: its hint, then its error. */
function described(field: SignField, problems: SignProblems, hint?: string) {
  const ids = [hint, problems[field] === undefined ? undefined : errorId(field)].filter((id) => id !== undefined)
  return {
    'aria-invalid': problems[field] === undefined ? undefined : true,
    'aria-describedby': ids.length === 0 ? undefined : ids.join(' ')
  }
}

function FieldError({ field, problems, checkbox = false }: { field: SignField; problems: SignProblems; checkbox?: boolean }) {
  const problem = problems[field]
  if (problem === undefined) return null
  return (
    <p className={checkbox ? 'field__error field__error--checkbox' : 'field__error'} id={errorId(field)}>
      {problem}
    </p>
  )
}

function Checkbox({
  field,
  problems,
  checked,
  onChange,
  hint,
  children
}: {
  field: SignField
  problems: SignProblems
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: string
  children: ReactNode
}) {
  const id = SIGN_FIELD_IDS[field]
  return (
    <div className={problems[field] === undefined ? 'field field--checkbox' : 'field field--checkbox field--invalid'}>
      <input
        id={id}
        name={field}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        {...described(field, problems, hint === undefined ? undefined : `${id}-hint`)}
      />
      <label htmlFor={id}>{children}</label>
      {hint === undefined ? null : (
        <p className="field__hint signing-form__checkbox-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError field={field} problems={problems} checkbox />
    </div>
  )
}

/** One of the typed text answers (name, mention): label, hint, input and error, announced together. */
function TextInput({
  field,
  label,
  hint,
  autoComplete,
  maxLength,
  values,
  problems,
  onChange
}: { field: 'signerName' | 'mention'; label: ReactNode; hint: string; autoComplete: string; maxLength: number } & Pick<
  SignFormViewProps,
  'values' | 'problems' | 'onChange'
>) {
  const id = SIGN_FIELD_IDS[field]
  return (
    <div className={problems[field] === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={id}>{label}</label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        id={id}
        name={field}
        type="text"
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={values[field]}
        onChange={(event) => onChange(field, event.target.value)}
        {...described(field, problems, `${id}-hint`)}
      />
      <FieldError field={field} problems={problems} />
    </div>
  )
}

function EmailCode({
  values,
  problems,
  code,
  onChange,
  onRequestCode
}: Pick<SignFormViewProps, 'values' | 'problems' | 'code' | 'onChange' | 'onRequestCode'>) {
  const id = SIGN_FIELD_IDS.emailCode
  return (
    <fieldset className="signing-form__group">
      <legend>Code de vérification</legend>
      <p className="field__hint">
        Pour confirmer votre identité, un code est envoyé à l’adresse e-mail à laquelle ce devis vous a été envoyé dès que les étapes
        ci-dessus sont remplies. Il est valable 10&#8239;minutes. Vous signerez ensuite.
      </p>
      <p className="signing-form__code-request">
        <button type="button" className="button button--ghost" onClick={onRequestCode} disabled={code.kind === 'sending'}>
          {code.kind === 'sending' ? 'Envoi du code…' : code.kind === 'sent' ? 'Recevoir un nouveau code' : 'Recevoir le code maintenant'}
        </button>
      </p>
      <div aria-live="polite">
        {code.kind === 'sent' ? (
          <p className="notice notice--success">
            Un code vient d’être envoyé à <strong>{code.sentTo}</strong>. Vérifiez aussi vos courriers indésirables.
          </p>
        ) : null}
      </div>
      {code.kind === 'failed' ? <FormAlert>{code.message}</FormAlert> : null}
      <div className={problems.emailCode === undefined ? 'field signing-form__code' : 'field signing-form__code field--invalid'}>
        <label htmlFor={id}>Code à 6 chiffres reçu par e-mail</label>
        <input
          id={id}
          name="emailCode"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          value={values.emailCode}
          onChange={(event) => onChange('emailCode', event.target.value.replace(/\D/g, ''))}
          {...described('emailCode', problems)}
        />
        <FieldError field="emailCode" problems={problems} />
      </div>
    </fieldset>
  )
}

/**
 * The signer's form, in the order the law and the peers' users ask for: who signs, acceptance of
 * the quote and its conditions, the typed mention, the pre-work mention for building trades, the
 * e-mail code, and only then the signature (drawn, or the name typed above), the last act.
 */
export function SignFormView(props: SignFormViewProps) {
  const {
    view,
    values,
    problems,
    failure,
    changed,
    pending,
    drawn,
    progress,
    padRef,
    lastStep,
    onChange,
    onDrawnChange,
    onNextStep,
    onReload,
    onSubmit
  } = props
  const { quote } = view
  const signatureProblem = problems.signature === undefined ? undefined : errorId('signature')
  return (
    <section className="signing-form card" aria-labelledby="signing-form-title">
      <h2 id="signing-form-title">Signer le devis</h2>
      <p>Vous signez la version du devis affichée sur cette page et dans le PDF.</p>
      <details className="signing-details">
        <summary>Détails techniques</summary>
        <p>
          Empreinte SHA-256 du document signé&#8239;: <code className="signing-hash">{view.documentSha256}</code>. Le PDF signé pourra être
          contrôlé sur la page <Link to={paths.verification.href()}>Vérifier un devis signé</Link>.
        </p>
      </details>
      <form className="form" method="post" onSubmit={onSubmit} noValidate>
        <TextInput
          field="signerName"
          label="Vos nom et prénom"
          hint="Tels qu’ils figureront sur le devis signé."
          autoComplete="name"
          maxLength={120}
          values={values}
          problems={problems}
          onChange={onChange}
        />

        <Checkbox field="accepted" problems={problems} checked={values.accepted} onChange={(checked) => onChange('accepted', checked)}>
          J’ai lu le devis {quote.number === null ? '' : `n° ${quote.number} `}et j’en accepte le contenu, le prix et les conditions.
        </Checkbox>

        <TextInput
          field="mention"
          label={<>Recopiez la mention «&#8239;{ACCEPTANCE_MENTION}&#8239;»</>}
          hint={'Tapez-la vous-même\u202F: elle figurera au-dessus de votre signature.'}
          autoComplete="off"
          maxLength={60}
          values={values}
          problems={problems}
          onChange={onChange}
        />

        {quote.buildingTrade ? (
          <Checkbox
            field="preWorkAcknowledged"
            problems={problems}
            checked={values.preWorkAcknowledged}
            onChange={(checked) => onChange('preWorkAcknowledged', checked)}
            hint="Mention prévue pour les travaux de dépannage, de réparation et d’entretien dans le bâtiment."
          >
            {PRE_WORK_MENTION}
          </Checkbox>
        ) : null}

        {quote.requireEmailCode ? <EmailCode {...props} /> : null}

        <fieldset className={problems.signature === undefined ? 'signing-form__group' : 'signing-form__group field--invalid'}>
          <legend>Votre signature</legend>
          <div className="signing-methods">
            <div className="signing-methods__option">
              <input
                id="sign-method-drawn"
                type="radio"
                name="method"
                value="drawn"
                checked={values.method === 'drawn'}
                onChange={() => onChange('method', 'drawn')}
                aria-describedby={signatureProblem}
              />
              <label htmlFor="sign-method-drawn">Dessiner ma signature</label>
            </div>
            <div className="signing-methods__option">
              <input
                id="sign-method-typed"
                type="radio"
                name="method"
                value="typed"
                checked={values.method === 'typed'}
                onChange={() => onChange('method', 'typed')}
                aria-describedby={values.method === 'typed' ? signatureProblem : undefined}
              />
              <label htmlFor="sign-method-typed">Utiliser mon nom comme signature (sans dessin)</label>
            </div>
          </div>
          <div hidden={values.method !== 'drawn'}>
            <SignaturePadField
              handleRef={padRef}
              drawn={drawn}
              onDrawnChange={onDrawnChange}
              describedBy={signatureProblem}
              lastStep={lastStep}
            />
          </div>
          {values.method === 'typed' ? (
            <div className="signing-typed" id="sign-typed">
              {/* The name typed once above is the signature: shown as it will print. */}
              {values.signerName.trim() === '' ? (
                <p className="field__hint">Votre nom, saisi en haut du formulaire, servira de signature.</p>
              ) : (
                <>
                  <p className="field__hint">Votre signature, telle qu’elle figurera sur le devis signé&#8239;:</p>
                  <p className="signing-typed__preview">{values.signerName}</p>
                </>
              )}
            </div>
          ) : null}
          <FieldError field="signature" problems={problems} />
        </fieldset>

        <p className="signing-form__evidence">
          En cliquant sur «&#8239;Signer le devis&#8239;», vous signez électroniquement ce devis. Votre nom, votre adresse e-mail, la date
          et l’heure, votre adresse IP et votre appareil sont enregistrés dans le dossier de preuve joint au devis signé.
        </p>
        {changed === null ? null : (
          <FormAlert>
            <p>{changed}</p>
            <p className="signing-form__reload">
              <button type="button" className="button button--ghost" onClick={onReload}>
                Recharger le devis
              </button>
            </p>
          </FormAlert>
        )}
        {failure === null ? null : <FormAlert>{failure}</FormAlert>}
        {/* Rendered only in the browser (the link's page needs its token): always ready. */}
        <SignActionBar progress={progress} pending={pending} onNextStep={onNextStep} />
      </form>
    </section>
  )
}
