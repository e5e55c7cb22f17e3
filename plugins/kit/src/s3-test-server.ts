/**
 * A real S3-compatible server for tests (s3rver, in this process, on a free loopback port,
 * files in a temporary folder) and the storage configuration that points at it. Its bucket
 * lets a browser PUT parts and read their ETag, as a production bucket's CORS rule must.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3StorageConfig } from './storage-s3'

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`

export const startS3TestServer = async (bucket = 'test-files') => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [CORS] }] })
  const { port } = (await server.run()) as { port: number }
  const config: S3StorageConfig = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  }
  return {
    config,
    /** Where the server keeps its objects: tests look there for what the store holds. */
    directory,
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
