import { createContext, useContext } from 'react'
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@paraphe/shared/runtime-config'

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null)

export const RuntimeConfigProvider = RuntimeConfigContext.Provider

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext)
  if (config === null) throw new Error('useRuntimeConfig must be used inside RuntimeConfigProvider')
  return config
}

/** Reads the config the gateway wrote into the page (a JSON script, never executed). */
export function readRuntimeConfig(doc: Document): RuntimeConfig {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent
  if (text === undefined || text === null || text === '') {
    throw new Error(`Missing #${RUNTIME_CONFIG_ELEMENT_ID}: the page was not served by the gateway`)
  }
  return JSON.parse(text) as RuntimeConfig
}
