/**
 * The chunked upload protocol of part1 §4 ("Upload item") driven by Uppy, headless: Uppy
 * cuts each file into the API's part size, sends parts in parallel, retries and resumes;
 * these callbacks speak the documents plugin's calls. Parts go straight to their signed
 * address (the S3 store, or the API for the local one); a store's part is confirmed to
 * the API as soon as it is sent, so the API knows every finished part. A file chosen
 * again for the same document, with the same name and size, continues the caller's open
 * upload of it from its finished parts (a closed tab or a lost network), not from zero.
 */
import { apiRequest } from '@app/module-kit'
import type { Upload } from '@app/plugin-documents/shared'
import AwsS3, { type AwsS3Part } from '@uppy/aws-s3'
import Uppy, { type UppyFile } from '@uppy/core'
import { folderUrl } from '../api'

/** What the document screens need to know of one file's upload. */
export interface EngineEvents {
  added(file: { id: string; name: string; size: number; folderId: number; projectId: number }): void
  progress(id: string, bytesUploaded: number): void
  succeeded(id: string): void
  failed(id: string, message: string): void
}

type Meta = { folderId: number; projectId: number }
type File = UppyFile<Meta, Record<string, never>>

/** Up to 4 uploads at once (part1 §4); a part is tried again after 1 and 3 seconds before the upload fails. */
export const UPLOADS_AT_ONCE = 4
const RETRY_DELAYS = [0, 1000, 3000]

const uploadUrl = (uploadId: string | number | undefined) => `/uploads/${uploadId}`

export const createUploadEngine = (partSize: number, events: EngineEvents) => {
  /** Each upload's answer (its symbol and MIME type, for the registration). */
  const uploads = new Map<string, Upload>()
  /** Parts sent to a store: the API is told of each once it is sent. */
  const toConfirm = new Map<string, { uploadId: string; partNo: number }>()

  const remember = (upload: Upload) => {
    uploads.set(String(upload.uploadId), upload)
    return { uploadId: String(upload.uploadId), key: upload.key }
  }

  const uppy = new Uppy<Meta, Record<string, never>>({ autoProceed: true, allowMultipleUploadBatches: true })
  uppy.use(AwsS3<Meta, Record<string, never>>, {
    limit: UPLOADS_AT_ONCE,
    retryDelays: RETRY_DELAYS,
    shouldUseMultipart: true,
    getChunkSize: () => partSize,
    async createMultipartUpload(file) {
      const body = { fileName: file.name ?? 'file', size: file.size ?? 0 }
      return remember(await apiRequest<Upload>('POST', `${folderUrl(file.meta.folderId)}/uploads`, { body }))
    },
    async listParts(_file, { uploadId }) {
      const upload = await apiRequest<Upload>('GET', uploadUrl(uploadId))
      remember(upload)
      return upload.parts.map((part): AwsS3Part => ({ PartNumber: part.partNo, Size: part.size, ETag: part.etag }))
    },
    async signPart(_file, { uploadId, partNumber }) {
      const address = await apiRequest<{ url: string; confirm: boolean }>('POST', `${uploadUrl(uploadId)}/parts`, { body: { partNo: partNumber } })
      if (address.confirm) toConfirm.set(address.url, { uploadId, partNo: partNumber })
      return { method: 'PUT', url: address.url }
    },
    async uploadPartBytes(options) {
      const sent = await AwsS3.uploadPartBytes(options)
      const part = toConfirm.get(options.signature.url)
      if (part && sent.ETag) {
        toConfirm.delete(options.signature.url)
        const size = options.size ?? (options.body as Blob).size
        await apiRequest('PUT', `${uploadUrl(part.uploadId)}/parts/${part.partNo}`, { body: { etag: sent.ETag, size } })
      }
      return sent
    },
    async completeMultipartUpload(file, { uploadId, parts }) {
      const upload = uploads.get(uploadId) ?? (await apiRequest<Upload>('GET', uploadUrl(uploadId)))
      const body = { parts: parts.map((part) => ({ partNo: part.PartNumber!, partETag: part.ETag! })) }
      await apiRequest('POST', `${uploadUrl(uploadId)}/complete`, { body })
      // Registered as an ATTACHMENT of the document (part1 §4's last step).
      await apiRequest('POST', `${folderUrl(file.meta.folderId)}/files/register`, {
        body: { fileName: upload.fileName, symbol: upload.symbol, mime: upload.mime, size: upload.size, type: 'ATTACHMENT' },
      })
      uploads.delete(uploadId)
      return {}
    },
    async abortMultipartUpload(_file, { uploadId }) {
      if (!uploadId) return
      uploads.delete(uploadId)
      await apiRequest('DELETE', uploadUrl(uploadId)).catch(() => undefined)
    },
  })

  uppy.on('upload-progress', (file, progress) => {
    if (file) events.progress(file.id, progress.bytesUploaded || 0)
  })
  uppy.on('upload-success', (file) => {
    if (!file) return
    events.succeeded(file.id)
    uppy.removeFile(file.id)
  })
  uppy.on('upload-error', (file, error) => {
    if (!file) return
    events.failed(file.id, error.message)
    // The failed upload is aborted (part1 §4): Retry starts it afresh.
    const started = (file as File & { s3Multipart?: { uploadId: string } }).s3Multipart
    if (started?.uploadId) {
      uploads.delete(started.uploadId)
      void apiRequest('DELETE', uploadUrl(started.uploadId)).catch(() => undefined)
      uppy.setFileState(file.id, { s3Multipart: undefined } as never)
    }
  })

  /** The caller's open upload of this file into the document, if one was left unfinished. */
  const openUploadOf = async (folderId: number, file: globalThis.File) => {
    const open = await apiRequest<Upload[]>('GET', `${folderUrl(folderId)}/uploads`).catch(() => [])
    return open.find((upload) => upload.state === 'OPEN' && upload.fileName === file.name && upload.size === file.size) ?? null
  }

  return {
    /** Queues the files for the document; each starts as soon as a slot is free. */
    async add(files: globalThis.File[], target: Meta) {
      for (const data of files) {
        const resumed = await openUploadOf(target.folderId, data)
        const id = uppy.addFile({ name: data.name, type: data.type, data, meta: target, source: 'documents' })
        if (resumed) uppy.setFileState(id, { s3Multipart: remember(resumed) } as never)
        events.added({ id, name: data.name, size: data.size, ...target })
      }
    },
    retry(id: string) {
      void uppy.retryUpload(id)
    },
    /** Stops every upload in flight, e.g. at sign-out (their parts stay for a later resume until the sweep). */
    destroy() {
      uppy.destroy()
    },
  }
}

export type UploadEngine = ReturnType<typeof createUploadEngine>
