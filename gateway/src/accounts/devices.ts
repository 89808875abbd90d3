// A device as people name theirs — « Firefox sur Windows » — from its user agent (bowser). The
// same summary identifies a device for the « nouvel appareil » e-mail: a browser update is not a
// new device, another browser or system is.
import Bowser from 'bowser'

export function deviceOf(userAgent: string): string {
  if (userAgent.trim() === '') return 'Appareil inconnu'
  const { browser, os } = Bowser.parse(userAgent)
  const name = browser.name === undefined || browser.name === '' ? 'Navigateur inconnu' : browser.name
  return os.name === undefined || os.name === '' ? name : `${name} sur ${os.name}`
}
