import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import { invoicesApi } from '@/lib/invoices-api'
import { queryKeys } from '@/lib/query-keys'

/** « Acompte à la signature »: read once its panel is opened, like the reminders. */
export function useDepositAtSignature(opened: boolean) {
  const { userId, api } = useWorkspace()
  return useQuery({
    queryKey: queryKeys.invoiceSettings.depositAtSignature,
    queryFn: ({ signal }) => invoicesApi.depositAtSignature(api, signal),
    enabled: opened && userId !== null
  })
}

/** Saving the choice: the stored answer becomes the cache's. */
export function useSaveDepositAtSignature() {
  const { api } = useWorkspace()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (on: boolean) => invoicesApi.saveDepositAtSignature(api, on),
    onSuccess: (on) => queryClient.setQueryData(queryKeys.invoiceSettings.depositAtSignature, on)
  })
}
