/** What the documents give other plugins through the kit's extension points. */
import type { AccountFiles, CompanyDeleteBlocker, ProjectDeleteBlocker, ProjectFiles, ProjectFolders } from '@app/plugin-kit'
import { BLOCK_LIST_LIMIT } from '@app/plugin-kit'
import { FILE_USAGE_TABLE } from './file-usage'

/**
 * A project's documents for its document groups and list (GET /projects/{id}/foldertypes,
 * /folders): asked as a caller who holds VIEW on the project, so every document of it.
 * Each with its files (COMMENT files are not listed) and its links.
 */
export const projectDocuments: ProjectFolders = {
  async folders(app, _params, projectId) {
    const knex = app.get('knex')
    const folders = await knex('folders').where({ project_id: projectId }).orderBy([{ column: 'symbol' }, { column: 'name' }, { column: 'id' }]).select('id', 'name', 'symbol', 'folder_type_id')
    const files = await knex('folder_files')
      .where({ project_id: projectId })
      .whereNot('file_type', 'COMMENT')
      .whereNull('revision_id')
      .orderBy('name')
      .select('id', 'folder_id', 'name', 'mime', 'size')
    const filesOf = new Map<number, any[]>()
    for (const file of files) filesOf.set(Number(file.folder_id), [...(filesOf.get(Number(file.folder_id)) ?? []), file])
    // The project's links, in one query (folder_urls keeps the document's project beside it).
    const urls = await knex('folder_urls').where({ project_id: projectId }).orderBy([{ column: 'description' }, { column: 'id' }]).select('id', 'folder_id', 'description', 'url')
    const urlsOf = new Map<number, { id: number; description: string; url: string }[]>()
    for (const link of urls) {
      const list = urlsOf.get(Number(link.folder_id)) ?? []
      list.push({ id: Number(link.id), description: link.description, url: link.url })
      urlsOf.set(Number(link.folder_id), list)
    }
    return folders.map((folder: any) => ({
      id: Number(folder.id),
      name: folder.name,
      symbol: folder.symbol,
      folderTypeId: Number(folder.folder_type_id),
      files: (filesOf.get(Number(folder.id)) ?? []).map((file: any) => ({ id: Number(file.id), name: file.name, mime: file.mime, size: Number(file.size) })),
      urls: urlsOf.get(Number(folder.id)) ?? [],
    }))
  },
  // The models of the revisions in work, as the documents list their files: none kept with an archived revision, no COMMENT file.
  async ifcFiles(app, _params, projectId) {
    const files = await app
      .get('knex')('folder_files')
      .where({ project_id: projectId })
      .whereNot('file_type', 'COMMENT')
      .whereNull('revision_id')
      .whereRaw('lower(name) like ?', ['%.ifc'])
      .orderBy('name')
      .select('id', 'name')
    return files.map((file: any) => ({ id: Number(file.id), name: file.name }))
  },
}

/** A project with documents is kept (spec part2 §5): each named "number - title", at most BLOCK_LIST_LIMIT. */
export const projectDocumentsBlock: ProjectDeleteBlocker = {
  async find(app, project) {
    const folders = await app
      .get('knex')('folders')
      .where({ account_id: project.accountId, project_id: project.id })
      .orderBy([{ column: 'symbol' }, { column: 'name' }, { column: 'id' }])
      .limit(BLOCK_LIST_LIMIT)
      .select('symbol', 'name')
    return folders.map((folder: any) => ({ reason: 'has document', item: folder.symbol ? `${folder.symbol} - ${folder.name}` : folder.name }))
  },
}

/**
 * A company with documents is kept (spec part1 §8), each named "number - title", at most
 * BLOCK_LIST_LIMIT. A decision on what "a company's documents" are: those of the projects
 * whose client the company is (the projects plugin names them, `projectsOfClients`). A
 * document itself names no company: its provider is a kind (CUSTOMER, SUPPLIER, COMPANY),
 * and its supplier and customer numbers are free text, not companies' ids. Such a company
 * is a project's client as well (the projects' own blocker says so); this names the documents.
 */
export const companyDocumentsBlock: CompanyDeleteBlocker = {
  async find(app, company) {
    const projects = app.get('projects')
    if (!projects) return []
    const folders = await app
      .get('knex')('folders')
      .where('account_id', company.accountId)
      .whereIn('project_id', projects.projectsOfClients(company.accountId, [company.id]))
      .orderBy([{ column: 'symbol' }, { column: 'name' }, { column: 'id' }])
      .limit(BLOCK_LIST_LIMIT)
      .select('symbol', 'name')
    return folders.map((folder: any) => ({ reason: 'has document', item: folder.symbol ? `${folder.symbol} - ${folder.name}` : folder.name }))
  },
}

/** A project's bytes (its `storageTotal`): its documents' files as file-usage.ts keeps them, read with the page as a correlated subquery. */
export const projectDocumentBytes: ProjectFiles = {
  bytesSql: (knex, projectIdColumn) => knex.raw(`select coalesce(sum(u.bytes), 0) from ${FILE_USAGE_TABLE} u where u.project_id = ??`, [projectIdColumn]),
}

/** An account's files and bytes (the accounts list's fileCount and mbUsed, the home page's storage): its projects' usage rows. */
export const accountDocumentFiles: AccountFiles = {
  countSql: (knex, accountIdColumn) => knex.raw(`select coalesce(sum(u.files), 0) from ${FILE_USAGE_TABLE} u where u.account_id = ??`, [accountIdColumn]),
  bytesSql: (knex, accountIdColumn) => knex.raw(`select coalesce(sum(u.bytes), 0) from ${FILE_USAGE_TABLE} u where u.account_id = ??`, [accountIdColumn]),
}
