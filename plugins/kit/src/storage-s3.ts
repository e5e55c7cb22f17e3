/**
 * Storage on AWS S3 or any S3-compatible store (path-style addresses for the latter). The
 * browser sends a multipart upload's parts straight to the store through presigned,
 * expiring addresses, so a large file never passes through the API.
 */
import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { NotFound } from '@feathersjs/errors'
import { type Storage, checkKey, checkPartList, noSuchUpload, wrongPart } from './storage'

export interface S3StorageConfig {
  bucket: string
  region: string
  /** An S3-compatible store's address; unset for AWS itself. */
  endpoint?: string
  /** Bucket in the path (`https://host/bucket/key`), as most S3-compatible stores need. */
  forcePathStyle: boolean
  /** Unset: the AWS SDK's own chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
}

/** A failure the store answers with one of `names` (the SDK's error code) or of `statuses` (HTTP). */
const failedWith = (error: unknown, names: string[], statuses: number[] = []) => {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } }
  return names.includes(e.name ?? '') || names.includes(e.Code ?? '') || statuses.includes(e.$metadata?.httpStatusCode ?? 0)
}

/** The largest object S3's CopyObject copies in one request (5 GiB); a larger one is streamed through (`copy`). */
export const COPY_OBJECT_MAX_BYTES = 5 * 1024 ** 3
/** The most keys one DeleteObjects request takes (S3's limit). */
export const DELETE_OBJECTS_MAX_KEYS = 1000

export const createS3Storage = (
  config: S3StorageConfig,
  warn: (message: string) => void = () => undefined,
  /** Tests lower these, to prove the streamed copy on a small object and the batches on a few keys. */
  { copyObjectMaxBytes = COPY_OBJECT_MAX_BYTES, deleteObjectsMaxKeys = DELETE_OBJECTS_MAX_KEYS }: { copyObjectMaxBytes?: number; deleteObjectsMaxKeys?: number } = {},
): Storage => {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Otherwise a presigned part address carries the checksum of an empty body (TOOLCHAIN.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = config.bucket
  // By name only: a missing bucket (NoSuchBucket, also a 404) is a misconfiguration, not a missing file.
  const notFound = (error: unknown) => (failedWith(error, ['NoSuchKey', 'NotFound']) ? new NotFound('File not found') : error)

  return {
    kind: 's3',
    async put(key, body, contentType) {
      // lib-storage sends a body of unknown length in parts, never holding the whole of it.
      await new Upload({ client, params: { Bucket, Key: checkKey(key), Body: body, ContentType: contentType } }).done()
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
      return { size: head.ContentLength ?? 0 }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }))
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? 'application/octet-stream' }
      } catch (error) {
        throw notFound(error)
      }
    },
    /**
     * Inside the store (CopyObject) up to 5 GiB; a larger object (documents take up to
     * FILE_MAX_MB) is read and written again as a stream, part by part, never whole.
     */
    async copy(from, to) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(from) }))
        if ((head.ContentLength ?? 0) <= copyObjectMaxBytes) {
          await client.send(new CopyObjectCommand({ Bucket, Key: checkKey(to), CopySource: `${Bucket}/${checkKey(from)}` }))
          return
        }
        const source = await client.send(new GetObjectCommand({ Bucket, Key: from }))
        const contentType = source.ContentType ?? head.ContentType ?? 'application/octet-stream'
        await new Upload({ client, params: { Bucket, Key: checkKey(to), Body: source.Body as Readable, ContentType: contentType } }).done()
      } catch (error) {
        throw notFound(error)
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },
    // One DeleteObjects request per 1,000 keys (S3's limit), not one request per key.
    async removeMany(keys) {
      const failed: string[] = []
      for (let at = 0; at < keys.length; at += deleteObjectsMaxKeys) {
        const batch = keys.slice(at, at + deleteObjectsMaxKeys)
        try {
          const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((key) => ({ Key: checkKey(key) })), Quiet: true } }))
          failed.push(...(answer.Errors ?? []).map((error) => error.Key ?? '').filter(Boolean))
        } catch {
          failed.push(...batch)
        }
      }
      return failed
    },
    // A store writes an object whole or not at all; unfinished multipart uploads are aborted by their owners.
    sweepPartial: async () => 0,
    multipart: {
      async start(key, contentType) {
        const answer = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: checkKey(key), ContentType: contentType }))
        if (!answer.UploadId) throw new Error('The store started a multipart upload without an upload id')
        return { uploadId: answer.UploadId }
      },
      parts: {
        presign: (key, uploadId, partNo, expiresIn, size) =>
          // content-length signed: the store checks it against the PUT's own.
          getSignedUrl(client, new UploadPartCommand({ Bucket, Key: checkKey(key), UploadId: uploadId, PartNumber: partNo, ContentLength: size }), {
            expiresIn,
            signableHeaders: new Set(['content-length']),
          }),
      },
      async complete(key, uploadId, parts) {
        checkPartList(parts)
        try {
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key: checkKey(key),
              UploadId: uploadId,
              MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNo, ETag: p.etag })) },
            }),
          )
        } catch (error) {
          if (failedWith(error, ['NoSuchUpload'])) throw noSuchUpload()
          if (failedWith(error, ['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'])) throw wrongPart()
          throw error
        }
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { size: head.ContentLength ?? 0 }
      },
      async abort(key, uploadId) {
        try {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: checkKey(key), UploadId: uploadId }))
        } catch (error) {
          if (failedWith(error, ['NoSuchUpload'], [404])) return
          // A store without AbortMultipartUpload (s3rver among them) answers 405 or 501: its parts go by the bucket's lifecycle rule (README).
          if (failedWith(error, ['MethodNotAllowed', 'NotImplemented'], [405, 501])) {
            warn(`The store cannot abort multipart upload ${uploadId}: its parts stay until the bucket's lifecycle rule removes them`)
            return
          }
          throw error
        }
      },
    },
  }
}
