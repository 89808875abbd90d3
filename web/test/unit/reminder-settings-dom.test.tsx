// « Relances automatiques » on the invoice list, in a DOM against the real gateway: the days are
// read only once the panel opens (7, 15 and 30 by default), a wrong day is explained before
// anything is sent, the days saved come back sorted, and an empty field stops the automatic
// reminders while saying that « Relancer le client » stays possible.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen } from '@testing-library/dom'
import { ReminderSettings } from '@/features/invoices/components/reminder-settings'
import { press, renderPage, startGateway, typeInto } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)

t.test('the reminders’ days read when opened, checked, saved sorted, and emptied', async (t) => {
  const owner = await gateway.owner()
  t.teardown(renderPage(<ReminderSettings />, { api: owner.api, userId: owner.id }))
  const details = (await screen.findByText('Relances automatiques')).closest('details')
  if (details === null) throw new Error('no details element')
  t.equal(screen.queryByLabelText('Jours après l’échéance'), null, 'nothing read before the panel opens')
  details.open = true
  fireEvent(details, new Event('toggle'))
  const days = await screen.findByLabelText<HTMLInputElement>('Jours après l’échéance')
  t.equal(days.value, '7, 15, 30', 'the default delays')

  typeInto('Jours après l’échéance', '45 10 400')
  await press('Enregistrer les relances')
  t.ok(await screen.findByText('« 400 » n’est pas un nombre de jours entre 1 et 365.'), 'a wrong day explained before sending')
  t.equal(days.getAttribute('aria-invalid'), 'true')

  typeInto('Jours après l’échéance', '45, 10; 5')
  await press('Enregistrer les relances')
  t.ok(await screen.findByText('Relances enregistrées : 5, 10, 45 jours après l’échéance.'))
  t.equal(days.value, '5, 10, 45', 'sorted as the gateway keeps them')
  const stored = await gateway.app.db.query<{ reminder_days: number[] }>(`select reminder_days from paraphe.invoice_settings`)
  t.same(
    stored.rows.map((row) => row.reminder_days),
    [[5, 10, 45]]
  )

  typeInto('Jours après l’échéance', '  ')
  await press('Enregistrer les relances')
  t.ok(
    await screen.findByText('Relances automatiques arrêtées : « Relancer le client » reste possible sur chaque facture.'),
    'no day: no automatic reminder'
  )
})
