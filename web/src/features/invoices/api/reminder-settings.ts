import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import { invoicesApi } from '@/lib/invoices-api'
import { queryKeys } from '@/lib/query-keys'

/** « Relances automatiques »: read once its panel is opened, so the invoice list costs no extra request. */
export function useReminderDays(opened: boolean) {
  const { userId, api } = useWorkspace()
  return useQuery({
    queryKey: queryKeys.invoiceSettings.reminderDays,
    queryFn: ({ signal }) => invoicesApi.reminderDays(api, signal),
    enabled: opened && userId !== null
  })
}

/** Saving the days: the stored answer becomes the cache's. */
export function useSaveReminderDays() {
  const { api } = useWorkspace()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (days: number[]) => invoicesApi.saveReminderDays(api, days),
    onSuccess: (days) => queryClient.setQueryData(queryKeys.invoiceSettings.reminderDays, days)
  })
}
