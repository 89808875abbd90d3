import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AccountingAccounts } from '@paraphe/shared/invoices/accounting-accounts'
import { useWorkspace } from '@/hooks/use-workspace'
import { invoicesApi } from '@/lib/invoices-api'
import { queryKeys } from '@/lib/query-keys'

/** « Comptes comptables (export FEC) »: read once its panel is opened, like the reminders. */
export function useAccountingAccounts(opened: boolean) {
  const { userId, api } = useWorkspace()
  return useQuery({
    queryKey: queryKeys.invoiceSettings.accountingAccounts,
    queryFn: ({ signal }) => invoicesApi.accountingAccounts(api, signal),
    enabled: opened && userId !== null
  })
}

/** Saving the accounts: the stored answer becomes the cache's. */
export function useSaveAccountingAccounts() {
  const { api } = useWorkspace()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (accounts: AccountingAccounts) => invoicesApi.saveAccountingAccounts(api, accounts),
    onSuccess: (stored) => queryClient.setQueryData(queryKeys.invoiceSettings.accountingAccounts, stored)
  })
}
