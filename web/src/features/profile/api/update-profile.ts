import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileBody } from '@paraphe/shared/api/profile-schemas'
import { useWorkspace } from '@/hooks/use-workspace'
import { queryKeys } from '@/lib/query-keys'
import { removeLogo, saveProfile, uploadLogo } from '../lib/profile-actions'
import type { ProfileForm } from '../lib/profile-form'

/**
 * Saving the profile: the saved profile goes into the cache at once, and every read of it is
 * invalidated, so each screen that shows it (the dashboard's reminder, the invoicing pages, a new
 * quote's defaults) shows the change without a reload.
 */
export function useUpdateProfile() {
  const { api } = useWorkspace()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: ProfileForm) => saveProfile(api, form),
    onSuccess: async (result) => {
      if (result.kind !== 'saved') return
      queryClient.setQueryData<ProfileBody>(queryKeys.profile, (body) => (body === undefined ? body : { ...body, profile: result.profile }))
      await invalidateProfile(queryClient)
    }
  })
}

/** Sending or removing the logo: the profile's logo information (and the quotes' PDF) change with it. */
export function useLogoChange() {
  const { api } = useWorkspace()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { file: File } | { remove: true }) => ('file' in change ? uploadLogo(api, change.file) : removeLogo(api)),
    onSuccess: (status) => (status.kind === 'done' ? invalidateProfile(queryClient) : undefined)
  })
}

function invalidateProfile(queryClient: ReturnType<typeof useQueryClient>): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
    queryClient.invalidateQueries({ queryKey: queryKeys.quotes.unsaved })
  ])
}
