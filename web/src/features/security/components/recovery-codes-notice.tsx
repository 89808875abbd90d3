/** The recovery codes, shown this once (only their hashes are kept). */
export function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="notice notice--success" role="status">
      <p>
        <strong>Notez vos codes de secours maintenant</strong> : ils ne seront plus jamais affichés. Chacun remplace une fois le code de
        l’application, si vous perdez votre téléphone.
      </p>
      <ul className="security-codes" aria-label="Codes de secours">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p className="actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          J’ai noté mes codes
        </button>
      </p>
    </div>
  )
}
