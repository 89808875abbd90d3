// Errors the gateway itself returns on /auth/v1/*, in the shape supabase-js reads from Supabase
// Auth (`code` for API version 2024-01-01, `error_code` and `msg` for older clients).

export interface AuthErrorBody {
  code: string
  error_code: string
  msg: string
}

export function authErrorBody(code: string, message: string): AuthErrorBody {
  return { code, error_code: code, msg: message }
}

export const AUTH_MESSAGES = {
  notConfigured: 'La connexion aux comptes n’est pas configurée sur cette instance.',
  unavailable: 'Le service de connexion est momentanément indisponible. Réessayez dans un instant.',
  timeout: 'Le service de connexion met trop de temps à répondre. Réessayez dans un instant.',
  rateLimited: 'Trop de tentatives depuis votre adresse. Patientez une minute avant de réessayer.',
  tooLarge: 'La requête envoyée au service de connexion est trop volumineuse.',
  invalidRequest: 'La requête envoyée au service de connexion est invalide.',
  notFound: 'Cette adresse du service de connexion n’existe pas.'
} as const
