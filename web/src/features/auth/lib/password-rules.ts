// The password rule the pages show and check before sending; Supabase Auth enforces the same
// minimum (GOTRUE_PASSWORD_MIN_LENGTH=12, as in docker-compose.yml) and answers `weak_password` otherwise.
import { isEmailAddress } from '@paraphe/shared/email'

export const PASSWORD_MIN_LENGTH = 12

export const PASSWORD_RULE_TEXT = `Au moins ${PASSWORD_MIN_LENGTH} caractères. Une phrase de quelques mots est facile à retenir et difficile à deviner.`

/** Characters as Supabase Auth counts them (Unicode code points, not UTF-16 units). */
export function passwordLength(password: string): number {
  return [...password].length
}

export interface PasswordProblems {
  password?: string
  confirmation?: string
}

/** What is wrong with a new password and its confirmation, before anything is sent. */
export function checkNewPassword(password: string, confirmation: string): PasswordProblems {
  const problems: PasswordProblems = {}
  if (password === '') problems.password = 'Saisissez un mot de passe.'
  else if (passwordLength(password) < PASSWORD_MIN_LENGTH) {
    problems.password = `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères (${passwordLength(password)} pour l’instant).`
  }
  if (confirmation === '') problems.confirmation = 'Saisissez le mot de passe une seconde fois.'
  else if (confirmation !== password) problems.confirmation = 'Les deux mots de passe ne sont pas identiques.'
  return problems
}

/** A quick format check; Supabase Auth has the last word. */
export function checkEmail(email: string): string | undefined {
  const trimmed = email.trim()
  if (trimmed === '') return 'Saisissez votre adresse e-mail.'
  if (!isEmailAddress(trimmed)) return 'Cette adresse e-mail n’est pas valide (exemple\u202f: nom@entreprise.fr).'
  return undefined
}

export interface SignUpFields {
  email: string
  password: string
  confirmation: string
  accepted: boolean
}

export type SignUpProblems = Partial<Record<keyof SignUpFields, string>>

/** The sign-up form's problems, in the order of the fields (the first one gets the focus). */
export function checkSignUp({ email, password, confirmation, accepted }: SignUpFields): SignUpProblems {
  const problems: SignUpProblems = { email: checkEmail(email), ...checkNewPassword(password, confirmation) }
  if (!accepted) problems.accepted = 'Cochez la case pour accepter les conditions et la politique de confidentialité.'
  return problems
}

export type SignInProblems = Partial<Record<'email' | 'password', string>>

export function checkSignIn(email: string, password: string): SignInProblems {
  return { email: checkEmail(email), password: password === '' ? 'Saisissez votre mot de passe.' : undefined }
}

/** The first field of `order` with a problem, if any. */
export function firstProblem<K extends string>(problems: Partial<Record<K, string>>, order: readonly K[]): K | undefined {
  return order.find((field) => problems[field] !== undefined)
}
