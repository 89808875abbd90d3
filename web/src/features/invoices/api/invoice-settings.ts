// The invoice list's settings panels (« Relances automatiques », « Acompte à la signature »,
// « Comptes comptables »): each read once its panel is opened, so the list costs no extra request,
// and saved by a mutation whose stored answer becomes the cache's.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { AccountingAccounts } from '@paraphe/shared/invoices/accounting-accounts'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { queryKeys } from '@/lib/query-keys'

function useSetting<T>(queryKey: QueryKey, read: (api: ApiClient, signal?: AbortSignal) => Promise<T>, opened: boolean) {
  const { userId, api } = useWorkspace()
  return useQuery({ queryKey, queryFn: ({ signal }) => read(api, signal), enabled: opened && userId !== null })
}

function useSaveSetting<T>(queryKey: QueryKey, save: (api: ApiClient, value: T) => Promise<T>) {
  const { api } = useWorkspace()
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (value: T) => save(api, value), onSuccess: (stored) => queryClient.setQueryData(queryKey, stored) })
}

/** « Relances automatiques »: the days after the due date. */
export const useReminderDays = (opened: boolean) => useSetting(queryKeys.invoiceSettings.reminderDays, invoicesApi.reminderDays, opened)
export const useSaveReminderDays = () => useSaveSetting<number[]>(queryKeys.invoiceSettings.reminderDays, invoicesApi.saveReminderDays)

/** « Acompte à la signature ». */
export const useDepositAtSignature = (opened: boolean) =>
  useSetting(queryKeys.invoiceSettings.depositAtSignature, invoicesApi.depositAtSignature, opened)
export const useSaveDepositAtSignature = () =>
  useSaveSetting<boolean>(queryKeys.invoiceSettings.depositAtSignature, invoicesApi.saveDepositAtSignature)

/** « Comptes comptables (export FEC) ». */
export const useAccountingAccounts = (opened: boolean) =>
  useSetting(queryKeys.invoiceSettings.accountingAccounts, invoicesApi.accountingAccounts, opened)
export const useSaveAccountingAccounts = () =>
  useSaveSetting<AccountingAccounts>(queryKeys.invoiceSettings.accountingAccounts, invoicesApi.saveAccountingAccounts)
