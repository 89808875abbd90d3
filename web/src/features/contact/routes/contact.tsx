import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { ContactForm } from '../components/contact-form'

export const handle: RouteHandle = {
  title: 'Contact',
  description:
    'Une question sur le service, un abonnement ou une signature de devis\u202f? Écrivez-nous avec le formulaire, par e-mail ou par téléphone.'
}

export function Component() {
  const { operator } = useRuntimeConfig()
  return (
    <article className="contact">
      <header className="page-intro">
        <h1>Nous contacter</h1>
        <p className="lead">
          Une question sur le fonctionnement, un abonnement, un devis qu’un client n’arrive pas à signer&#8239;? Écrivez-nous, nous vous
          répondons par e-mail.
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
            Nous répondons en principe sous deux jours ouvrés, du lundi au vendredi. Pour une signature urgente, précisez le numéro du devis
            (DEV-année-numéro) dans votre message.
          </p>
          <h3>Vous êtes le client d’un professionnel&#8239;?</h3>
          <p>
            Pour une question sur le contenu d’un devis, son prix ou les travaux, adressez-vous directement au professionnel qui vous l’a
            envoyé&#8239;: lui seul peut le modifier.
          </p>
        </section>

        <ContactForm />
      </div>
    </article>
  )
}
