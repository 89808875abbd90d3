// GET /api/company-search?siret=…: the profile's « fill from the SIRET », the State's company
// search asked by the gateway (its address is configuration; the browser talks to us only).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { CompanyLookupBody, CompanyLookupQuery } from '@paraphe/shared/api/company-directory-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { lookUpCompany } from '../../company-directory/company-lookup.js'

/** Private: for a signed-in professional filling the profile. */
export default async function companyDirectoryRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get(
    '/company-search',
    { schema: { querystring: CompanyLookupQuery, response: { 200: CompanyLookupBody, ...ErrorResponses } } },
    async (request) =>
      lookUpCompany(request.query.siret, {
        baseUrl: fastify.config.companySearch.url,
        timeoutMs: fastify.config.companySearch.timeoutMs
      })
  )
}
