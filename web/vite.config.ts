import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // Workspace packages are consumed as TypeScript sources.
    conditions: [...defaultClientConditions, 'paraphe-source']
  },
  ssr: {
    resolve: {
      conditions: [...defaultServerConditions, 'paraphe-source'],
      externalConditions: ['paraphe-source']
    }
  },
  build: {
    outDir: 'dist/client',
    manifest: true,
    // Inline nothing as data: URIs so the CSP needs no exception.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022'
  }
})
