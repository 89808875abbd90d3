import type { FormEvent, ReactNode, Ref } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { FormAlert } from '@/components/form/form-alert'
import { SubmitButton } from '@/components/form/submit-button'
import { CONTACT_LIMITS, type ContactField, type ContactProblems, type ContactValues } from '@paraphe/shared/contact'
import { fieldId } from '../lib/contact-rules'

export const CONTACT_SUBJECTS = [
  'Question sur le service',
  'Abonnement et facturation',
  'Aide pour un devis ou une signature',
  'Données personnelles',
  'Autre demande'
] as const

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  email: '',
  company: '',
  phone: '',
  subject: CONTACT_SUBJECTS[0],
  message: '',
  consent: false
}

const MESSAGE_HINT = `Entre ${CONTACT_LIMITS.messageMin} et ${new Intl.NumberFormat('fr-FR').format(CONTACT_LIMITS.messageMax)} caractères. Pour une signature, indiquez le numéro du devis (DEV-année-numéro).`

export interface ContactFormViewProps {
  values: ContactValues
  /** The hidden field only robots fill in. */
  website: string
  problems: ContactProblems
  /** Why sending failed (server unreachable, too many messages…). */
  failure: string | null
  pending: boolean
  /** False until hydration: a click before would submit the form natively. */
  ready: boolean
  onChange: <K extends ContactField>(field: K, value: ContactValues[K]) => void
  onWebsiteChange: (value: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}

/** aria-invalid and aria-describedby of a control: its hint, then its error. */
function described(field: ContactField, problems: ContactProblems, hint = false) {
  const ids = [hint ? `${fieldId(field)}-hint` : null, problems[field] === undefined ? null : `${fieldId(field)}-error`].filter(
    (id) => id !== null
  )
  return {
    'aria-invalid': problems[field] === undefined ? undefined : true,
    'aria-describedby': ids.length === 0 ? undefined : ids.join(' ')
  }
}

function Field({
  field,
  label,
  optional = false,
  hint,
  problem,
  children
}: {
  field: ContactField
  label: string
  optional?: boolean
  hint?: string
  problem: string | undefined
  children: ReactNode
}) {
  return (
    <div className={problem === undefined ? 'field' : 'field field--invalid'}>
      <label htmlFor={fieldId(field)}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className="field__optional">(facultatif)</span>
          </>
        ) : null}
      </label>
      {hint === undefined ? null : (
        <p className="field__hint" id={`${fieldId(field)}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {problem === undefined ? null : (
        <p className="field__error" id={`${fieldId(field)}-error`}>
          {problem}
        </p>
      )}
    </div>
  )
}

/** The contact form, as the page shows it in each state (the state lives in ContactForm). */
export function ContactFormView({
  values,
  website,
  problems,
  failure,
  pending,
  ready,
  onChange,
  onWebsiteChange,
  onSubmit
}: ContactFormViewProps) {
  return (
    <section className="card contact__form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Formulaire de contact</h2>
      <p className="hint">Tous les champs sont obligatoires, sauf ceux marqués «&#8239;facultatif&#8239;».</p>
      <form className="form" method="post" onSubmit={onSubmit} noValidate>
        <Field field="name" label="Nom" problem={problems.name}>
          <input
            id={fieldId('name')}
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            value={values.name}
            onChange={(event) => onChange('name', event.target.value)}
            {...described('name', problems)}
          />
        </Field>
        <Field field="email" label="E-mail" problem={problems.email}>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            spellCheck={false}
            autoCapitalize="none"
            value={values.email}
            onChange={(event) => onChange('email', event.target.value)}
            {...described('email', problems)}
          />
        </Field>
        <div className="field-row">
          <Field field="company" label="Entreprise" optional problem={problems.company}>
            <input
              id={fieldId('company')}
              name="company"
              type="text"
              autoComplete="organization"
              maxLength={CONTACT_LIMITS.company}
              value={values.company}
              onChange={(event) => onChange('company', event.target.value)}
              {...described('company', problems)}
            />
          </Field>
          <Field field="phone" label="Téléphone" optional problem={problems.phone}>
            <input
              id={fieldId('phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={CONTACT_LIMITS.phone}
              value={values.phone}
              onChange={(event) => onChange('phone', event.target.value)}
              {...described('phone', problems)}
            />
          </Field>
        </div>
        <Field field="subject" label="Sujet" problem={problems.subject}>
          <select
            id={fieldId('subject')}
            name="subject"
            required
            value={values.subject}
            onChange={(event) => onChange('subject', event.target.value)}
            {...described('subject', problems)}
          >
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </select>
        </Field>
        <Field field="message" label="Message" hint={MESSAGE_HINT} problem={problems.message}>
          <textarea
            id={fieldId('message')}
            name="message"
            rows={6}
            required
            value={values.message}
            onChange={(event) => onChange('message', event.target.value)}
            {...described('message', problems, true)}
          />
        </Field>
        <div className={problems.consent === undefined ? 'field field--checkbox' : 'field field--checkbox field--invalid'}>
          <input
            id={fieldId('consent')}
            name="consent"
            type="checkbox"
            required
            checked={values.consent}
            onChange={(event) => onChange('consent', event.target.checked)}
            {...described('consent', problems)}
          />
          <label htmlFor={fieldId('consent')}>
            J’accepte que les informations saisies soient utilisées pour répondre à ma demande, comme expliqué dans la{' '}
            <Link to={paths.privacy.href()}>politique de confidentialité</Link>.
          </label>
          {problems.consent === undefined ? null : (
            <p className="field__error field__error--checkbox" id={`${fieldId('consent')}-error`}>
              {problems.consent}
            </p>
          )}
        </div>
        {/* Robots fill in every field; people never see this one, nor do screen readers. */}
        <div className="contact__trap" aria-hidden="true">
          <label htmlFor="contact-website">Site web (laissez ce champ vide)</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => onWebsiteChange(event.target.value)}
          />
        </div>
        {failure === null ? null : <FormAlert>{failure}</FormAlert>}
        <SubmitButton ready={ready} pending={pending} pendingLabel="Envoi en cours…">
          Envoyer le message
        </SubmitButton>
      </form>
    </section>
  )
}

/** After sending: what happens next, and a way to write again. */
export function ContactSent({ email, onAgain, headingRef }: { email: string; onAgain: () => void; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <section className="card contact__form" aria-labelledby="contact-sent-title">
      <h2 id="contact-sent-title" ref={headingRef} tabIndex={-1}>
        Message envoyé
      </h2>
      <div className="notice notice--success" role="status">
        <p>
          Merci&#8239;! Nous avons bien reçu votre message. Nous vous répondons par e-mail à <strong>{email}</strong>, en principe sous deux
          jours ouvrés.
        </p>
      </div>
      <p>Pensez à regarder dans vos courriers indésirables si notre réponse tarde.</p>
      <p className="actions">
        <button type="button" className="button button--ghost" onClick={onAgain}>
          Écrire un autre message
        </button>
      </p>
    </section>
  )
}
