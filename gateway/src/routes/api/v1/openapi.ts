// What the OpenAPI 3.1 document of /api/v1 says besides the routes' own schemas: who we are, where
// the API lives, how to authenticate, and the headers every write may carry.
import type { SwaggerOptions } from '@fastify/swagger'
import type { Config } from '../../../config.js'

export function openApiOptions(config: Config): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `API ${config.runtime.siteName}`,
        version: '1.0.0',
        description: [
          'Créez, envoyez et suivez vos devis depuis votre logiciel (formule Entreprise) ; facturez les devis signés (acompte, situations, solde, avoirs) en Factur-X EN 16931 et enregistrez les paiements.',
          'Authentification : `Authorization: Bearer <clé d’API>` (clés créées par le propriétaire de l’entreprise, droits `read` pour les GET, `write` pour le reste).',
          `Limite : ${config.apiRateLimitPerMinute} requêtes par minute et par clé (429 et \`Retry-After\` au-delà).`,
          'Chaque POST accepte un en-tête `Idempotency-Key` : la première réponse est rejouée pendant 24 h ; la même clé avec une autre requête est refusée (422).',
          'Les erreurs ont la forme `{ "error": { "code", "message" } }`, le message en français.'
        ].join('\n\n')
      },
      servers: [{ url: new URL('/api/v1', config.publicUrl).href }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'Une clé d’API `paraphe_…`' } } },
      security: [{ apiKey: [] }]
    },
    // Paths relative to the server above (/api/v1), as a client calls them.
    transform: ({ schema, url }) => ({ schema, url: url.replace(/^\/api\/v1/, '') || '/' })
  }
}
