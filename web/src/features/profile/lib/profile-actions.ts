// Saving the profile and its logo, apart from React: the checks first, then the gateway, and
// what the page shows afterwards.
import type { CompanyProfile } from '@paraphe/shared/company'
import { asApiError, errorFields, type ApiClient } from '@/lib/api-client'
import { profileApi } from '../api/profile-api'
import { logoFileProblem } from './logo-file'
import { readProfileForm, type ProfileErrors, type ProfileForm } from './profile-form'

export type SaveResult =
  { kind: 'saved'; profile: CompanyProfile } | { kind: 'invalid'; errors: ProfileErrors } | { kind: 'failed'; message: string }

/** Checks the form like the gateway does, then saves it; the gateway's refusals land on their fields. */
export async function saveProfile(api: ApiClient, form: ProfileForm): Promise<SaveResult> {
  const read = readProfileForm(form)
  if (!read.ok) return { kind: 'invalid', errors: read.errors }
  try {
    return { kind: 'saved', profile: (await profileApi.save(api, read.profile)).profile }
  } catch (error) {
    const fields = errorFields(error) as ProfileErrors
    return Object.keys(fields).length > 0 ? { kind: 'invalid', errors: fields } : { kind: 'failed', message: asApiError(error).message }
  }
}

export type LogoStatus =
  { kind: 'idle' } | { kind: 'busy'; label: string } | { kind: 'done'; message: string } | { kind: 'failed'; message: string }

/** Sends a chosen logo file, once checked. */
export async function uploadLogo(api: ApiClient, file: File): Promise<LogoStatus> {
  const problem = logoFileProblem(file)
  if (problem !== null) return { kind: 'failed', message: problem }
  try {
    await profileApi.uploadLogo(api, file, file.type)
    return { kind: 'done', message: 'Logo enregistré.' }
  } catch (error) {
    return { kind: 'failed', message: asApiError(error).message }
  }
}

export async function removeLogo(api: ApiClient): Promise<LogoStatus> {
  try {
    await profileApi.removeLogo(api)
    return { kind: 'done', message: 'Logo retiré.' }
  } catch (error) {
    return { kind: 'failed', message: asApiError(error).message }
  }
}
