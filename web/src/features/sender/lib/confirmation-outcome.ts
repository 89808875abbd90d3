// What the sender page says when the confirmation link brings the reader back to it.
import type { ActionOutcome } from '@/components/ui/load-state'

export function confirmationOutcome(value: string | null): ActionOutcome {
  if (value === 'ok') return { kind: 'done', text: 'Adresse confirmée. Il reste à publier la clé DKIM dans le DNS de votre domaine.' }
  if (value === 'invalid')
    return {
      kind: 'failed',
      text: 'Ce lien de confirmation n’est plus valable (déjà utilisé, remplacé ou vieux de plus de 7 jours) : renvoyez-en un depuis cette page.'
    }
  return null
}
