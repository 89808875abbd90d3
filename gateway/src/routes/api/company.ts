// The team page's API: the company's members and invitations, the owner's actions, a member
// leaving; and the invitee's side, the invitation read by its link and accepted once signed in.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import {
  AcceptInvitationBody,
  InvitationIdParams,
  InvitationSchema,
  InvitationTokenParams,
  InvitationViewBody,
  InviteBody,
  JoinedBody,
  MemberIdParams,
  TeamBody,
  TeamTwoFactorBody,
  TeamTwoFactorInput,
  TransferBody
} from '@paraphe/shared/api/company-schemas'
import { planAllows } from '@paraphe/shared/plans'
import { currentPlan } from '../../plans/plan-usage.js'
import { setTeamTwoFactor } from '../../company/two-factor-rule.js'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import {
  acceptInvitation,
  cancelInvitation,
  inviteMember,
  leaveCompany,
  readTeam,
  removeMember,
  resendInvitationNow,
  transferOwnership,
  viewInvitation
} from '../../company/team.js'
import { asAnonymous } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'
import { asRequestUser, memberScope } from './user-transaction.js'

/** Private: the signed-in member's company. */
export default async function companyRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get('/company', { schema: { response: { 200: TeamBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, (tx, member) => readTeam(tx, member))
  )

  // Readable without the second factor: the pages learn from it that one is required.
  fastify.get('/company/two-factor', { schema: { response: { 200: TeamTwoFactorBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(
      fastify,
      request,
      async (tx, member) => ({
        requireTwoFactor: member.requireTwoFactor,
        available: planAllows(await currentPlan(tx), 'teamTwoFactor'),
        signedInWithSecondFactor: member.aal === 'aal2',
        canChange: member.role === 'owner'
      }),
      { withoutTwoFactor: true }
    )
  )
  fastify.put(
    '/company/two-factor',
    { schema: { body: TeamTwoFactorInput, response: { 200: TeamTwoFactorBody, ...ErrorResponses } } },
    async (request) =>
      asRequestUser(fastify, request, async (tx, member) => ({
        ...(await setTeamTwoFactor(tx, member, request.body.required, fastify.config.publicUrl)),
        available: planAllows(await currentPlan(tx), 'teamTwoFactor'),
        signedInWithSecondFactor: member.aal === 'aal2',
        canChange: true
      }))
  )

  fastify.post(
    '/company/invitations',
    { schema: { body: InviteBody, response: { 201: InvitationSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const invitation = await inviteMember(memberScope(fastify, request), fastify.queueWake, request.body.email, fastify.config.site)
      return reply.code(201).send(invitation)
    }
  )

  fastify.post(
    '/company/invitations/:id/resend',
    { schema: { params: InvitationIdParams, response: { 200: InvitationSchema, ...ErrorResponses } } },
    async (request) => {
      return resendInvitationNow(memberScope(fastify, request), fastify.queueWake, request.params.id, fastify.config.site)
    }
  )

  fastify.delete(
    '/company/invitations/:id',
    { schema: { params: InvitationIdParams, response: { 204: NoContent, ...ErrorResponses } } },
    async (request, reply) => {
      await asRequestUser(fastify, request, (tx, member) => cancelInvitation(tx, member, request.params.id))
      return reply.code(204).send(null)
    }
  )

  fastify.delete(
    '/company/members/:userId',
    { schema: { params: MemberIdParams, response: { 204: NoContent, ...ErrorResponses } } },
    async (request, reply) => {
      await asRequestUser(fastify, request, (tx, member) => removeMember(tx, member, request.params.userId))
      return reply.code(204).send(null)
    }
  )

  fastify.post(
    '/company/transfer',
    { schema: { body: TransferBody, response: { 204: NoContent, ...ErrorResponses } } },
    async (request, reply) => {
      await asRequestUser(fastify, request, (tx, member) => transferOwnership(tx, member, request.body.userId))
      return reply.code(204).send(null)
    }
  )

  fastify.post('/company/leave', { schema: { response: { 204: NoContent, ...ErrorResponses } } }, async (request, reply) => {
    await asRequestUser(fastify, request, (tx, member) => leaveCompany(tx, member), { readOnlyAllowed: true })
    return reply.code(204).send(null)
  })

  fastify.post(
    '/invitations/accept',
    { schema: { body: AcceptInvitationBody, response: { 200: JoinedBody, ...ErrorResponses } } },
    async (request) => {
      await asRequestUser(fastify, request, (tx, member) => acceptInvitation(tx, member, request.body.token), { readOnlyAllowed: true })
      return { joined: true as const }
    }
  )
}

/** Public: what an invitation link shows before its holder signs in. */
export async function invitationViewRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get(
    '/invitations/:token',
    { schema: { params: InvitationTokenParams, response: { 200: InvitationViewBody, ...ErrorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      reply.header('x-robots-tag', 'noindex')
      const view = await asAnonymous(fastify.db, (tx) => viewInvitation(tx, request.params.token))
      if (view === null) throw new ApiProblem(404, 'not_found', 'Cette invitation est introuvable : vérifiez le lien reçu par e-mail.')
      return view
    }
  )
}
