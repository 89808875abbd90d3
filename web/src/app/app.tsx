import { StrictMode, type ReactNode } from 'react'
import type { RuntimeConfig } from '@paraphe/shared/runtime-config'
import { RuntimeConfigProvider } from '@/lib/runtime-config'

/** Providers shared by the browser and the prerender, so both render the same tree. */
export function AppProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <StrictMode>
      <RuntimeConfigProvider value={config}>{children}</RuntimeConfigProvider>
    </StrictMode>
  )
}
