// A stand-in of the State's company search (recherche-entreprises.api.gouv.fr) for the tests:
// `GET /search?q=<siret or siren>` answers its published shape (`results`, each with `siren`,
// `nom_complet`, `nom_raison_sociale`, `nature_juridique`, `siege` and `matching_etablissements`,
// then the paging fields). `hang` keeps the next requests unanswered (a service that does not
// answer); `fail` answers 500. Listens on 127.0.0.1, on a port the OS picks.
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StandInCompany {
  siren: string
  nom_complet: string
  nom_raison_sociale: string | null
  nature_juridique: string
  siege: Record<string, string | boolean | null>
  matching_etablissements: Array<Record<string, string | boolean | null>>
}

export interface CompanySearchStandIn {
  url: string
  /** The queries received, in order. */
  queries: string[]
  mode: 'answer' | 'hang' | 'fail'
  close: () => Promise<void>
}

export async function startCompanySearchStandIn(companies: readonly StandInCompany[]): Promise<CompanySearchStandIn> {
  const hanging: ServerResponse[] = []
  const standIn: CompanySearchStandIn = { url: '', queries: [], mode: 'answer', close: async () => undefined }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    if (url.pathname !== '/search') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"erreur":"Not found"}')
      return
    }
    const query = url.searchParams.get('q') ?? ''
    standIn.queries.push(query)
    if (standIn.mode === 'hang') {
      hanging.push(response)
      return
    }
    if (standIn.mode === 'fail') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"erreur":"Internal Server Error"}')
      return
    }
    // As the service does: the companies the query names, each with the establishments it matched
    // (a SIRET matches its own, the siège included; a SIREN, the siège).
    const results = companies.flatMap((company) => {
      const places = [company.siege, ...company.matching_etablissements]
      if (query === company.siren) return [{ ...company, matching_etablissements: [company.siege] }]
      const matching = places.filter((place) => place.siret === query)
      return matching.length === 0 ? [] : [{ ...company, matching_etablissements: matching }]
    })
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ results, total_results: results.length, page: 1, per_page: 10, total_pages: results.length === 0 ? 0 : 1 }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  standIn.close = async () => {
    for (const response of hanging) response.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return standIn
}

/** A SAS of Lyon with a branch (the SIRET the workspace tests use, 732 829 320 00074); `matching_etablissements` lists its establishments. */
export const MENUISERIE_MARTIN: StandInCompany = {
  siren: '732829320',
  nom_complet: 'MENUISERIE MARTIN',
  nom_raison_sociale: 'MENUISERIE MARTIN',
  nature_juridique: '5710',
  siege: {
    siret: '73282932000017',
    est_siege: true,
    adresse: '1 AVENUE JEAN JAURES 69007 LYON',
    numero_voie: '1',
    type_voie: 'AVENUE',
    libelle_voie: 'JEAN JAURES',
    code_postal: '69007',
    libelle_commune: 'LYON',
    etat_administratif: 'A'
  },
  matching_etablissements: [
    {
      siret: '73282932000074',
      est_siege: false,
      adresse: '12 RUE DES LILAS 69003 LYON',
      numero_voie: '12',
      type_voie: 'RUE',
      libelle_voie: 'DES LILAS',
      code_postal: '69003',
      libelle_commune: 'LYON',
      etat_administratif: 'A'
    }
  ]
}
