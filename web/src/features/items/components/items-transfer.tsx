// Import and export of the items as a French CSV (what Excel and LibreOffice open and save),
// with the rows to fix listed by line when a file is refused. Pure view.
import type { ChangeEvent } from 'react'
import { ITEMS_CSV_COLUMNS } from '@paraphe/shared/saved-items'

export interface ItemsTransferProps {
  working: boolean
  /** The rows of a refused file, by line number. */
  rowProblems: readonly string[]
  onImport: (file: File) => void
  onExport: () => void
}

export function ItemsTransfer({ working, rowProblems, onImport, onExport }: ItemsTransferProps) {
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // The same file can be picked again after a fix.
    event.target.value = ''
    if (file !== undefined) onImport(file)
  }
  return (
    <section className="card" aria-labelledby="items-transfer">
      <h2 id="items-transfer">Importer ou exporter</h2>
      <p className="field__hint" id="items-import-hint">
        Un fichier CSV avec une ligne de titres ({ITEMS_CSV_COLUMNS.join(' ; ')}), séparateur point-virgule, virgule décimale, comme
        l’enregistre un tableur en « CSV UTF-8 ». Un article de même désignation est mis à jour ; si une ligne est à corriger, rien n’est
        importé.
      </p>
      <p className="actions">
        <label className="button button--ghost file-button">
          Importer un fichier CSV
          <input
            type="file"
            accept=".csv,text/csv"
            className="file-button__input"
            onChange={picked}
            disabled={working}
            aria-describedby="items-import-hint"
          />
        </label>
        <button type="button" className="button button--ghost" onClick={onExport} disabled={working}>
          Exporter mes articles
        </button>
      </p>
      {rowProblems.length === 0 ? null : (
        <ul className="items-problems" aria-label="Lignes à corriger">
          {rowProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
