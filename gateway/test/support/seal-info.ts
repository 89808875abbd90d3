// The seal's description (signature dictionary and CMS) the seal tests use: one workshop, one time.
import type { SealInfo } from '../../src/seal/pdf-seal.js'

export const TEST_SEAL_INFO: SealInfo = {
  reason: 'Scellement du devis signé',
  location: 'devis.atelier-durand.fr',
  contactInfo: 'contact@atelier-durand.fr',
  name: 'Atelier Durand – cachet serveur',
  signingTime: new Date('2026-03-15T10:30:00Z')
}
