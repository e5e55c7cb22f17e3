/**
 * `npm run bench:upload` (issue "Documents", Benchmark): a 1 GiB file sent through the
 * chunked upload protocol, as the upload panel sends it (four parts at a time, each PUT to
 * the address the API gives, streamed from disk), to the local store and to a real
 * S3-compatible server (s3rver in this process), against `cp` of the same file on the same
 * disk in the same run (followed by a sync of the copy: the API syncs each part before it
 * confirms it, so both end with the file on disk). Prints MB/s of each, the ratio to cp and the API's peak memory;
 * goals: the local store at least 0.8× cp, the API's peak RSS under 200 MB whatever the
 * file's size. Writes results/upload.json.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createReadStream, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import { bundleServer } from '@app/api/bundle'
import { startS3TestServer } from '@app/plugin-kit/s3-test-server'

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MiB = 1024 * 1024
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MiB
const PARALLEL = 4
const GOALS = { localRatio: 0.8, peakRssMb: 200 }

interface Ready {
  port: number
  token: string
  folderId: number
  storage: string
}

/** The upload server bundled as `npm start` runs the API (api/bundle.mjs): no TypeScript compiler held in memory. */
const serverFile = path.join(benchDir, 'dist', 'upload-server.js')

const startServer = (env: Record<string, string>) =>
  new Promise<{ child: ChildProcess; ready: Ready }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', serverFile], {
      cwd: benchDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.on('message', (message: any) => {
      if (message?.type === 'ready') resolve({ child, ready: message })
      if (message?.type === 'error') reject(new Error(message.message))
    })
    child.on('exit', (code) => reject(new Error(`the upload server stopped (${code})`)))
  })

const ask = <T>(child: ChildProcess, message: object, answer: string) =>
  new Promise<T>((resolve) => {
    const listener = (reply: any) => {
      if (reply?.type !== answer) return
      child.off('message', listener)
      resolve(reply as T)
    }
    child.on('message', listener)
    child.send(message)
  })

/** The whole protocol: start, four parts at a time (address, PUT streamed from the file, confirmation for a store's address), complete, register. */
const upload = async (base: string, ready: Ready, file: string) => {
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(base + url, {
      method,
      headers: { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await answer.json()
    if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(json)}`)
    return json
  }
  const started = await call('POST', `/api/folders/${ready.folderId}/uploads`, { fileName: 'bench.bin', size: SIZE })
  const { uploadId, partSize, partCount } = started
  const parts: { partNo: number; partETag: string }[] = []
  let next = 1
  const worker = async () => {
    while (next <= partCount) {
      const partNo = next++
      const startByte = (partNo - 1) * partSize
      const length = Math.min(partSize, SIZE - startByte)
      const address = await call('POST', `/api/uploads/${uploadId}/parts`, { partNo })
      const url = address.url.startsWith('/') ? base + address.url : address.url
      const etag = await putFile(url, file, startByte, length)
      if (address.confirm) await call('PUT', `/api/uploads/${uploadId}/parts/${partNo}`, { etag, size: length })
      parts.push({ partNo, partETag: etag })
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  parts.sort((a, b) => a.partNo - b.partNo)
  const done = await call('POST', `/api/uploads/${uploadId}/complete`, { parts })
  await call('POST', `/api/folders/${ready.folderId}/files/register`, { fileName: 'bench.bin', symbol: done.symbol, size: SIZE })
}

/** PUTs a slice of the file, streamed from disk (node:http: fetch's web streams would be the bench's bottleneck); answers the ETag. */
const putFile = (url: string, file: string, start: number, length: number) =>
  new Promise<string>((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers: { 'content-length': String(length) }, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => {
        if (response.statusCode === 200) resolve(String(response.headers.etag))
        else reject(new Error(`PUT ${url}: ${response.statusCode} ${Buffer.concat(chunks)}`))
      })
    })
    request.on('error', reject)
    createReadStream(file, { start, end: start + length - 1, highWaterMark: MiB }).pipe(request)
  })

const measureUpload = async (name: string, env: Record<string, string>, file: string) => {
  const { child, ready } = await startServer(env)
  spawnSync('sync')
  const base = `http://127.0.0.1:${ready.port}`
  child.send({ type: 'memory', action: 'start' })
  const started = process.hrtime.bigint()
  await upload(base, ready, file)
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const memory = await ask<{ baseline: number; peak: number }>(child, { type: 'memory', action: 'stop' }, 'memory')
  child.kill('SIGTERM')
  return { name, seconds, mbPerSecond: SIZE / MiB / seconds, peakRssMb: memory.peak / MiB, baselineRssMb: memory.baseline / MiB }
}

/** The file: random 1 MiB blocks (no store can compress it), written once, then read by each run from the page cache like cp's. */
const makeFile = (file: string) => {
  const block = randomBytes(MiB)
  const fd = openSync(file, 'w')
  for (let written = 0; written < SIZE; written += MiB) writeSync(fd, block, 0, Math.min(MiB, SIZE - written))
  closeSync(fd)
}

const main = async () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'))
  try {
    const file = path.join(work, 'source.bin')
    makeFile(file)
    await bundleServer(path.join(benchDir, 'src', 'upload-server.ts'), serverFile)
    console.log(`Upload bench ${new Date().toISOString()} on ${os.cpus()[0]?.model}, ${os.cpus().length} cores, Node ${process.version}: ${SIZE / MiB} MiB, ${PARALLEL} parts at a time`)

    // Each run starts with nothing waiting to be written, and ends with its file on disk: cp's
    // copy is synced, as the API syncs each part before it answers the part's ETag.
    const copied = path.join(work, 'copy.bin')
    spawnSync('sync')
    const cpStart = process.hrtime.bigint()
    const cp = spawnSync('cp', [file, copied])
    const synced = spawnSync('sync', [copied])
    const cpSeconds = Number(process.hrtime.bigint() - cpStart) / 1e9
    if (cp.status !== 0 || synced.status !== 0) throw new Error(`cp failed: ${cp.stderr}${synced.stderr}`)
    rmSync(copied)
    const cpRate = SIZE / MiB / cpSeconds
    console.log(`cp on the same disk: ${cpSeconds.toFixed(2)} s, ${cpRate.toFixed(0)} MB/s`)

    const localDir = path.join(work, 'local')
    mkdirSync(localDir)
    const local = await measureUpload('local store', { DATA_DIR: localDir, UPLOAD_PART_MB: '200' }, file)
    rmSync(localDir, { recursive: true, force: true })

    const s3 = await startS3TestServer('bench-files')
    const s3Dir = path.join(work, 's3')
    mkdirSync(s3Dir)
    const { config } = s3
    const onS3 = await measureUpload(
      'S3-compatible (s3rver)',
      {
        DATA_DIR: s3Dir,
        UPLOAD_PART_MB: '200',
        S3_BUCKET: config.bucket,
        S3_ENDPOINT: config.endpoint!,
        S3_ACCESS_KEY_ID: config.credentials!.accessKeyId,
        S3_SECRET_ACCESS_KEY: config.credentials!.secretAccessKey,
      },
      file,
    )
    await s3.close()

    const rows = [local, onS3].map((r) => ({ ...r, ratioToCp: r.mbPerSecond / cpRate }))
    for (const r of rows)
      console.log(`${r.name.padEnd(24)} ${r.seconds.toFixed(2)} s  ${r.mbPerSecond.toFixed(0).padStart(5)} MB/s  ${r.ratioToCp.toFixed(2)}× cp  API peak RSS ${r.peakRssMb.toFixed(0)} MB (at start ${r.baselineRssMb.toFixed(0)} MB)`)
    const localPass = rows[0]!.ratioToCp >= GOALS.localRatio
    const memoryPass = rows.every((r) => r.peakRssMb < GOALS.peakRssMb)
    console.log(`local store ≥ ${GOALS.localRatio}× cp: ${localPass ? 'PASS' : 'FAIL'}; API peak RSS < ${GOALS.peakRssMb} MB: ${memoryPass ? 'PASS' : 'FAIL'}`)
    mkdirSync(path.join(benchDir, 'results'), { recursive: true })
    writeFileSync(path.join(benchDir, 'results', 'upload.json'), JSON.stringify({ at: new Date().toISOString(), sizeBytes: SIZE, cpMbPerSecond: cpRate, rows, goals: GOALS }, null, 2))
    process.exitCode = localPass && memoryPass ? 0 : 1
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
