/**
 * Downloads. A link is made for some files of one document by a caller with DOWNLOAD on its
 * project (the scope checks it), and carries a token scoped to exactly those files, the
 * caller's sign-in session and a minute: never the user's bearer token, which would open
 * the whole API to whoever sees the URL (a browser history, a proxy log). The download it
 * names asks again that the session lives and still holds DOWNLOAD. One file comes as it
 * is; several as one zip, streamed entry by entry, each file read from the store only when
 * its turn comes: nothing is held in memory whole.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { PassThrough, type Readable } from 'node:stream'
import type { AppParams, Application, AuthUser } from '@app/plugin-kit'
import { FileDownload, accessRank, currentUser, routeId } from '@app/plugin-kit'
import { BadRequest, Forbidden, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import yazl from 'yazl'
import { DOWNLOAD_MESSAGES, type DownloadLinkRequest } from './files.schema'

/** A link works this long: the browser follows it at once. */
const LINK_SECONDS = 60

export interface LinkClaims {
  /** The sign-in session it was made in. */
  s: string
  /** The document and its files. */
  f: number
  i: number[]
  /** Expiry, epoch seconds. */
  e: number
}

const expired = () => new Forbidden(DOWNLOAD_MESSAGES.expired)

/** A name a zip takes as a file in its top folder: no drive letter (C:), and never "." or "..". */
const zipSafe = (name: string) => {
  const bare = name.replace(/^[A-Za-z]:/, '_').replace(/[/\\]/g, '_')
  return bare === '.' || bare === '..' ? '_' : bare
}

/** The names of a zip's entries: each file's own, made safe and unique ("plan.pdf", "plan (2).pdf"). */
export const entryNames = (raw: string[]) => {
  const seen = new Map<string, number>()
  return raw.map(zipSafe).map((name) => {
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1
    seen.set(name.toLowerCase(), count)
    if (count === 1) return name
    const dot = name.lastIndexOf('.')
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`
  })
}

export class FilesService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  private sign(encoded: string) {
    return createHmac('sha256', this.app.get('config').jwtSecret).update(`download-link\n${encoded}`).digest('base64url')
  }

  /** POST /folders/{folderId}/files/download-link: a link to these files of the document (DOWNLOAD, checked by the scope). */
  async link(data: DownloadLinkRequest, params: AppParams) {
    const caller = currentUser(params)
    const folderId = routeId(params, 'folderId')
    const found = await this.knex('folder_files').where({ folder_id: folderId, account_id: caller.accountId }).whereIn('id', data.ids).pluck('id')
    if (found.length !== data.ids.length) throw new BadRequest(DOWNLOAD_MESSAGES.notFiles, { errors: { ids: DOWNLOAD_MESSAGES.notFiles } })
    const ids = [...data.ids].sort((a, b) => a - b)
    const claims: LinkClaims = { s: caller.sessionId, f: folderId, i: ids, e: Math.floor(Date.now() / 1000) + LINK_SECONDS }
    const token = this.tokenOf(claims)
    const url = ids.length === 1 ? `/api/files/${ids[0]}?token=${token}` : `/api/files?${ids.map((id) => `id=${id}`).join('&')}&token=${token}`
    return { url, expiresAt: claims.e * 1000 }
  }

  /** A link's token: its claims, signed by the API. */
  tokenOf(claims: LinkClaims) {
    const encoded = Buffer.from(JSON.stringify(claims)).toString('base64url')
    return `${encoded}.${this.sign(encoded)}`
  }

  /** The link's claims when its token is the API's, unexpired, and names exactly these files; else 403. */
  private claimsOf(token: string, ids: number[]): LinkClaims {
    const [encoded = '', signature = ''] = token.split('.')
    const given = Buffer.from(signature)
    const expected = Buffer.from(this.sign(encoded))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw expired()
    const claims = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as LinkClaims
    const named = [...new Set(ids)].sort((a, b) => a - b)
    if (claims.e * 1000 <= Date.now() || named.length !== claims.i.length || named.some((id, i) => id !== claims.i[i])) throw expired()
    return claims
  }

  /** The files a valid link names, for a session that lives and still holds DOWNLOAD on the document's project. */
  private async linkedFiles(token: string, ids: number[]) {
    const claims = this.claimsOf(token, ids)
    const user: AuthUser = await this.app.get('core').sessionUser(claims.s)
    const folder = await this.knex('folders').where({ id: claims.f, account_id: user.accountId }).first('project_id')
    if (!folder) throw new NotFound('No such document')
    const level = await this.app.get('access').projectLevel(user, Number(folder.project_id))
    if (accessRank(level) < accessRank('DOWNLOAD')) throw new Forbidden('This needs DOWNLOAD access to the project')
    const rows = await this.knex('folder_files').where({ folder_id: claims.f, account_id: user.accountId }).whereIn('id', claims.i).orderBy('name').select('id', 'name', 'storage_key', 'mime', 'size')
    if (rows.length !== claims.i.length) throw new NotFound('A file of this link has been deleted')
    return rows
  }

  /** GET /files/{fileId}?token=…: one file. */
  async get(id: unknown, params: AppParams) {
    const fileId = Number(id)
    const [row] = await this.linkedFiles(tokenOf(params), Number.isSafeInteger(fileId) ? [fileId] : [])
    const stored = await this.app.get('storage').get(row.storage_key)
    return new FileDownload(stored.body, row.name, row.mime, stored.size)
  }

  /** GET /files?id=…&id=…&token=…: one file as it is, several as one zip. */
  async find(params: AppParams) {
    const raw = (params.query as { id?: string | string[] } | undefined)?.id
    const ids = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(Number)
    const rows = await this.linkedFiles(tokenOf(params), ids)
    if (rows.length === 1) return this.get(rows[0].id, params)
    return new FileDownload(this.zipOf(rows), 'files.zip', 'application/zip')
  }

  /**
   * The files as one zip, streamed: stored, not compressed (documents are mostly compressed
   * already, and storing keeps the zip as fast as the disk), each entry opened from the store
   * only when the one before it is written. A store that fails mid-way ends the download.
   */
  private zipOf(rows: Record<string, any>[]): Readable {
    const zip = new yazl.ZipFile()
    const out = new PassThrough()
    let current: Readable | undefined
    // A store that fails mid-way, or a client that goes away, ends the download and lets go of the file being read.
    const fail = (error?: Error) => {
      current?.destroy()
      out.destroy(error)
    }
    out.on('close', () => current?.destroy())
    zip.outputStream.on('error', fail)
    zip.outputStream.pipe(out)
    const storage = this.app.get('storage')
    const names = entryNames(rows.map((row) => row.name))
    rows.forEach((row, i) => {
      zip.addReadStreamLazy(names[i]!, { compress: false, size: Number(row.size) }, (done) => {
        if (out.destroyed) return
        storage.get(row.storage_key).then((stored) => {
          current = stored.body
          stored.body.on('error', fail)
          done(null, stored.body)
        }, fail)
      })
    })
    zip.end()
    return out
  }
}

const tokenOf = (params: AppParams) => String((params.query as { token?: string } | undefined)?.token ?? '')
