import type { FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'

export const handle: RouteHandle = {
  title: 'Contact',
  description:
    'Une question sur le service, un abonnement ou une signature de devis\u202f? Écrivez-nous par e-mail ou appelez-nous.'
}

const SUBJECTS = [
  'Question sur le service',
  'Abonnement et facturation',
  'Aide pour un devis ou une signature',
  'Données personnelles',
  'Autre demande'
] as const

const NOTE_ID = 'contact-form-note'

// The form has no backend yet: its submit button is disabled and nothing is sent.
function preventSubmit(event: FormEvent<HTMLFormElement>) {
  event.preventDefault()
}

export function Component() {
  const { operator } = useRuntimeConfig()
  return (
    <article className="contact">
      <header className="page-intro">
        <h1>Nous contacter</h1>
        <p className="lead">
          Une question sur le fonctionnement, un abonnement, un devis qu’un client n’arrive pas à signer&#8239;?
          Écrivez-nous, nous vous répondons par e-mail.
        </p>
      </header>

      <div className="contact__layout">
        <section className="card contact__details" aria-labelledby="contact-details">
          <h2 id="contact-details">Coordonnées</h2>
          <address>
            <p className="contact__name">{operator.name}</p>
            <p>{operator.address}</p>
            <p>
              E-mail&#8239;: <a href={`mailto:${operator.email}`}>{operator.email}</a>
            </p>
            <p>
              Téléphone&#8239;: <a href={`tel:${operator.phone}`}>{operator.phone}</a>
            </p>
          </address>
          <h3>Délai de réponse</h3>
          <p>
            Nous répondons en principe sous deux jours ouvrés, du lundi au vendredi. Pour une signature urgente,
            précisez le numéro du devis (DEV-année-numéro) dans votre message.
          </p>
          <h3>Vous êtes le client d’un professionnel&#8239;?</h3>
          <p>
            Pour une question sur le contenu d’un devis, son prix ou les travaux, adressez-vous directement au
            professionnel qui vous l’a envoyé&#8239;: lui seul peut le modifier.
          </p>
        </section>

        <section className="card contact__form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Formulaire de contact</h2>
          <p className="hint">
            L’envoi par ce formulaire n’est pas encore ouvert&#8239;: pour nous écrire dès maintenant, utilisez l’adresse
            e-mail indiquée dans les coordonnées.
          </p>
          <form className="form" onSubmit={preventSubmit} noValidate>
            <div className="field">
              <label htmlFor="contact-name">Nom</label>
              <input id="contact-name" name="name" type="text" autoComplete="name" required maxLength={200} />
            </div>
            <div className="field">
              <label htmlFor="contact-email">E-mail</label>
              <input id="contact-email" name="email" type="email" autoComplete="email" required maxLength={320} />
            </div>
            <div className="field-row">
              <div className="field">
                <label htmlFor="contact-company">
                  Entreprise <span className="field__optional">(facultatif)</span>
                </label>
                <input id="contact-company" name="company" type="text" autoComplete="organization" maxLength={200} />
              </div>
              <div className="field">
                <label htmlFor="contact-phone">
                  Téléphone <span className="field__optional">(facultatif)</span>
                </label>
                <input id="contact-phone" name="phone" type="tel" autoComplete="tel" maxLength={40} />
              </div>
            </div>
            <div className="field">
              <label htmlFor="contact-subject">Sujet</label>
              <select id="contact-subject" name="subject" required defaultValue={SUBJECTS[0]}>
                {SUBJECTS.map((subject) => (
                  <option key={subject} value={subject}>
                    {subject}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="contact-message">Message</label>
              <textarea id="contact-message" name="message" rows={6} required maxLength={5000} />
            </div>
            <div className="field field--checkbox">
              <input id="contact-consent" name="consent" type="checkbox" required />
              <label htmlFor="contact-consent">
                J’accepte que les informations saisies soient utilisées pour répondre à ma demande, comme expliqué
                dans la <Link to={paths.privacy.href()}>politique de confidentialité</Link>.
              </label>
            </div>
            <p className="notice notice--warning" id={NOTE_ID}>
              Ce formulaire ne peut pas encore envoyer de messages. En attendant, écrivez-nous directement à{' '}
              <a href={`mailto:${operator.email}`}>{operator.email}</a>.
            </p>
            <button type="submit" className="button button--primary" disabled aria-describedby={NOTE_ID}>
              Envoyer le message
            </button>
          </form>
        </section>
      </div>
    </article>
  )
}
