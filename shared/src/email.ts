// The one check of an e-mail address, for every form and route that takes one: a local part
// without leading, trailing or doubled dots, and a domain with at least one dot (accents allowed).

const EMAIL =
  /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u
export const EMAIL_MAX_LENGTH = 254

export function isEmailAddress(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf('@'))
  return (
    EMAIL.test(address) &&
    [...address].length <= EMAIL_MAX_LENGTH &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..')
  )
}
