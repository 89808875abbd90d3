import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { CompanyProfileSchema, LogoBody, LogoFile, ProfileBody } from '@paraphe/shared/api/profile-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import { notFound } from '../../errors.js'
import { checkedLogo, LOGO_MAX_BYTES } from '../../profile/logo-image.js'
import { checkedProfile } from '../../profile/profile-checks.js'
import { readLogo, readProfile, writeLogo, writeProfile } from '../../profile/profile-repository.js'
import { asRequestUser } from './user-transaction.js'

/** The company profile: identity printed on every quote, defaults for new quotes, logo. */
export default async function profileRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get('/profile', { schema: { response: { 200: ProfileBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, (tx) => readProfile(tx))
  )

  fastify.put(
    '/profile',
    { schema: { body: CompanyProfileSchema, response: { 200: ProfileBody, ...ErrorResponses } } },
    async (request) => {
      const profile = checkedProfile(request.body)
      return asRequestUser(fastify, request, (tx, user) => writeProfile(tx, user.companyId, profile))
    }
  )

  // The logo arrives as the raw image (no multipart needed for one file).
  fastify.register(async (logoScope) => {
    logoScope.addContentTypeParser(
      ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp', 'image/gif', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES },
      (_request, body, done) => done(null, body)
    )
    logoScope.put<{ Body: Buffer }>('/profile/logo', { schema: { response: { 200: LogoBody, ...ErrorResponses } } }, async (request) => {
      const body = request.body
      const type = await checkedLogo(Buffer.isBuffer(body) ? body : Buffer.alloc(0))
      const stored = await asRequestUser(fastify, request, async (tx, user) => {
        await writeLogo(tx, user.companyId, { bytes: body, type })
        return readProfile(tx)
      })
      return { logo: stored.logo }
    })
  })

  fastify.get('/profile/logo', { schema: { response: { 200: LogoFile, ...ErrorResponses } } }, async (request, reply) => {
    const logo = await asRequestUser(fastify, request, (tx) => readLogo(tx))
    if (logo === null) throw notFound('Aucun logo n’a été ajouté.')
    return reply.type(logo.type).header('content-security-policy', "default-src 'none'").send(Buffer.from(logo.bytes))
  })

  fastify.delete('/profile/logo', { schema: { response: { 204: NoContent, ...ErrorResponses } } }, async (request, reply) => {
    await asRequestUser(fastify, request, (tx, user) => writeLogo(tx, user.companyId, null))
    return reply.code(204).send(null)
  })
}
