// What the plateforme agréée tests share: the gateway's API called as a signed-in member (a token
// signed like GoTrue's, injected into the gateway), to prepare what the page under test is not about.
import type { LightMyRequestResponse } from 'fastify'
import { userAccessToken } from '../../../gateway/test/support/gotrue-tokens.js'
import type { Gateway } from './harness.js'

export type ApiCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>

/** Calls `gateway`'s API as the user `userId` (a one-hour token signed with the stack's JWT secret). */
export async function apiAs(gateway: Gateway, jwtSecret: string, userId: string, email: string): Promise<ApiCall> {
  const token = await userAccessToken({ userId, email }, jwtSecret)
  return (method, url, payload) =>
    gateway.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) })
}
