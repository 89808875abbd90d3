// The billing API's refusals, in French, shared by the routes and the webhook.
import { ApiProblem } from '../errors.js'

export const paymentsNotConfigured = () =>
  new ApiProblem(503, 'payments_not_configured', 'Le paiement en ligne n’est pas configuré sur cette instance.')

export const alreadySubscribed = () =>
  new ApiProblem(
    409,
    'already_subscribed',
    'Votre compte a déjà une formule payante. Pour en changer, passez par la gestion de votre abonnement.'
  )

export const checkoutNotFound = () =>
  new ApiProblem(404, 'not_found', 'Ce paiement est introuvable pour votre compte. Vérifiez le lien ou reprenez depuis la page des tarifs.')

export const noCustomer = () =>
  new ApiProblem(404, 'no_customer', 'Votre compte n’a encore aucun abonnement payant : choisissez une formule sur la page des tarifs.')

export const badSignature = () => new ApiProblem(400, 'bad_signature', 'Signature Stripe invalide : cet événement est refusé.')

export const providerUnavailable = () =>
  new ApiProblem(
    502,
    'payment_provider_unavailable',
    'Le service de paiement ne répond pas pour le moment. Réessayez dans quelques instants.'
  )
