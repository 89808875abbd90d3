// The clients page's form: the saved client as typed, checked with the same rules and French
// messages as the gateway (shared/saved-clients.ts). A private person's SIRET field is hidden,
// so whatever it held is not sent (nor « Acheteur public »).
import { checkSavedClient, EMPTY_SAVED_CLIENT, type SavedClientInput, type SavedClientProblems } from '@paraphe/shared/saved-clients'
import type { SavedClient } from '@/lib/clients-api'

export type ClientForm = SavedClientInput
/** Field → message, keyed like the API's `fields` so a refusal lands on the same control. */
export type ClientFormProblems = SavedClientProblems

export const EMPTY_CLIENT_FORM: ClientForm = EMPTY_SAVED_CLIENT

export function clientFormOf(client: SavedClient): ClientForm {
  const { id: _id, updatedAt: _updatedAt, ...form } = client
  return form
}

export function clientInputOf(form: ClientForm): { ok: true; input: SavedClientInput } | { ok: false; problems: ClientFormProblems } {
  const checked = checkSavedClient(form.kind === 'business' ? form : { ...form, siret: '', publicBuyer: false, serviceCode: '' })
  return checked.ok ? { ok: true, input: checked.client } : { ok: false, problems: checked.problems }
}
