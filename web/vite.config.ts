import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // Workspace packages are consumed as TypeScript sources.
    conditions: ['source']
  },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  build: {
    outDir: 'dist/client',
    manifest: true,
    // Inline nothing as data: URIs so the CSP needs no exception.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022'
  }
})
