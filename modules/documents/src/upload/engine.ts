/**
 * The chunked upload protocol of part1 §4 ("Upload item") driven by Uppy, headless: Uppy
 * cuts each file into the API's part size, sends parts in parallel, retries and resumes;
 * these callbacks speak the documents plugin's calls. Parts go straight to their signed
 * address (the S3 store, or the API for the local one); a store's part is confirmed to
 * the API as soon as it is sent, so the API knows every finished part.
 *
 * Nothing sent is thrown away: a failed upload keeps its finished parts, and Retry goes on
 * from them. A file chosen again for the same document (same name, size and last change)
 * continues the caller's open upload of it, after a closed tab or a lost network.
 */
import { ApiError, apiRequest } from '@app/module-kit'
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
type Restorable = File & { s3Multipart?: { uploadId: string; key: string } }

/** Up to 4 uploads at once (part1 §4); a part is tried again after 1, 3 and 10 seconds before the upload stops. */
export const UPLOADS_AT_ONCE = 4
const RETRY_DELAYS = [0, 1000, 3000, 10_000]

const uploadUrl = (uploadId: string | number | undefined) => `/uploads/${uploadId}`

/** What tells a chosen file apart beyond its name and size. */
const fingerprintOf = (file: Blob) => (file instanceof globalThis.File ? String(file.lastModified) : '')

/** A call that a restart or a lost connection may interrupt: tried again after 1 and 3 seconds. */
const patiently = async <T>(call: () => Promise<T>): Promise<T> => {
  for (const wait of [1000, 3000]) {
    try {
      return await call()
    } catch (error) {
      if (error instanceof ApiError && error.status > 0 && error.status < 500) throw error
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
  return call()
}

export const createUploadEngine = (partSize: number, events: EngineEvents) => {
  /** Each upload's answer (its symbol, MIME type and state, for the last steps). */
  const uploads = new Map<string, Upload>()
  /** Parts sent to a store: the API is told of each once it is sent. */
  const toConfirm = new Map<string, { uploadId: string; partNo: number }>()
  /** A resumed file is cut as its upload was started, whatever the part size is now. */
  const partSizes = new WeakMap<Blob, number>()
  /** Each file's upload on the API, by Uppy's id: Retry goes on with it. */
  const uploadOfFile = new Map<string, Upload>()

  const remember = (upload: Upload) => {
    uploads.set(String(upload.uploadId), upload)
    return { uploadId: String(upload.uploadId), key: upload.key }
  }

  const uppy = new Uppy<Meta, Record<string, never>>({ autoProceed: true, allowMultipleUploadBatches: true })
  uppy.use(AwsS3<Meta, Record<string, never>>, {
    limit: UPLOADS_AT_ONCE,
    retryDelays: RETRY_DELAYS,
    shouldUseMultipart: true,
    getChunkSize: (data) => partSizes.get(data as Blob) ?? partSize,
    async createMultipartUpload(file) {
      const body = { fileName: file.name ?? 'file', size: file.size ?? 0, fingerprint: fingerprintOf(file.data as Blob) }
      const upload = await apiRequest<Upload>('POST', `${folderUrl(file.meta.folderId)}/uploads`, { body })
      // A part size changed since the remote loaded: the parts must follow the API's.
      if (upload.partSize !== partSize) partSizes.set(file.data as Blob, upload.partSize)
      uploadOfFile.set(file.id, upload)
      return remember(upload)
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
        const size = options.size ?? (options.body as Blob).size
        await patiently(() => apiRequest('PUT', `${uploadUrl(part.uploadId)}/parts/${part.partNo}`, { body: { etag: sent.ETag, size } }))
        toConfirm.delete(options.signature.url)
      }
      return sent
    },
    async completeMultipartUpload(file, { uploadId, parts }) {
      let upload = uploads.get(uploadId) ?? (await apiRequest<Upload>('GET', uploadUrl(uploadId)))
      // Completed by an earlier try whose registration failed: only the registration is left.
      if (upload.state !== 'COMPLETED') {
        const body = { parts: parts.map((part) => ({ partNo: part.PartNumber!, partETag: part.ETag! })) }
        upload = await apiRequest<Upload>('POST', `${uploadUrl(uploadId)}/complete`, { body })
        uploads.set(uploadId, upload)
      }
      // Registered as an ATTACHMENT of the document (part1 §4's last step).
      await patiently(() =>
        apiRequest('POST', `${folderUrl(file.meta.folderId)}/files/register`, {
          body: { fileName: upload.fileName, symbol: upload.symbol, mime: upload.mime, size: upload.size, type: 'ATTACHMENT' },
        }),
      )
      uploads.delete(uploadId)
      return {}
    },
    // Uppy aborts a failed upload; its parts stay with the API for Retry or a later resume
    // (an upload left alone is swept after a day). A person's Cancel removes it (`cancel`).
    async abortMultipartUpload() {},
  })

  uppy.on('upload-progress', (file, progress) => {
    if (file) events.progress(file.id, progress.bytesUploaded || 0)
  })
  uppy.on('upload-success', (file) => {
    if (!file) return
    events.succeeded(file.id)
    uploadOfFile.delete(file.id)
    uppy.removeFile(file.id)
  })
  uppy.on('upload-error', (file, error) => {
    if (file) events.failed(file.id, error.message)
  })

  /** The caller's open uploads into the document, asked once for a batch of files. */
  const openUploads = (folderId: number) => apiRequest<Upload[]>('GET', `${folderUrl(folderId)}/uploads`).catch(() => [])

  const sameFile = (file: File, data: Blob) => file.name === (data as globalThis.File).name && file.size === data.size && fingerprintOf(file.data as Blob) === fingerprintOf(data)

  /** Adds a file, going on with its upload on the API when it has one (only the parts the API lacks are sent). */
  const start = (data: globalThis.File, target: Meta, resumed: Upload | undefined) => {
    const id = uppy.addFile({ name: data.name, type: data.type, data, meta: target, source: 'documents' })
    if (resumed) {
      partSizes.set(data, resumed.partSize)
      uploadOfFile.set(id, resumed)
      uppy.setFileState(id, { s3Multipart: remember(resumed) } as Partial<Restorable>)
    }
    events.added({ id, name: data.name, size: data.size, ...target })
  }

  return {
    /** Queues the files for the document; each starts as soon as a slot is free. */
    async add(files: globalThis.File[], target: Meta) {
      const open = await openUploads(target.folderId)
      for (const data of files) {
        const earlier = uppy.getFiles().find((file) => file.meta.folderId === target.folderId && sameFile(file, data))
        // Already on its way: choosing it again changes nothing. Stopped after a failure: it goes on from where it stopped.
        if (earlier && !earlier.error) continue
        const resumed = (earlier && uploadOfFile.get(earlier.id)) || open.find((upload) => upload.state !== 'COMPLETING' && upload.fileName === data.name && upload.size === data.size && upload.fingerprint === fingerprintOf(data))
        if (earlier) uppy.removeFile(earlier.id)
        start(data, target, resumed)
      }
    },
    /** Retry: the file again, going on with its upload from the parts the API holds. */
    retry(id: string) {
      const file = uppy.getFile(id)
      if (!file) return
      const upload = uploadOfFile.get(id)
      uppy.removeFile(id)
      start(file.data as globalThis.File, file.meta, upload)
    },
    /** Cancel: the upload stops and the API keeps nothing of it. */
    async cancel(id: string) {
      const file = uppy.getFile(id) as Restorable | undefined
      if (file) uppy.removeFile(id)
      uploadOfFile.delete(id)
      const uploadId = file?.s3Multipart?.uploadId
      if (uploadId) {
        uploads.delete(uploadId)
        await apiRequest('DELETE', uploadUrl(uploadId)).catch(() => undefined)
      }
    },
    /** Stops every upload in flight, e.g. at sign-out (their parts stay for a later resume until the sweep). */
    destroy() {
      uppy.destroy()
    },
  }
}

export type UploadEngine = ReturnType<typeof createUploadEngine>
