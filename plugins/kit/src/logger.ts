/**
 * Structured logs: pino writes one JSON object a line to stdout, which a log collector
 * reads as it is. A problem that fails every request the same way (a database that is
 * down) is written once; its repeats are counted and summarised when the window closes.
 */
import pino, { type DestinationStream, type Logger } from 'pino'

export type { Logger }

export const createLogger = (options: { level?: string; destination?: DestinationStream } = {}): Logger =>
  pino({ level: options.level ?? 'info', serializers: { err: pino.stdSerializers.err } }, options.destination)

type Level = 'warn' | 'error'

/**
 * `log(key, level, fields, message)` writes the first event of a key, then only counts
 * the same key for `windowMs`; when the window closes it writes "… repeated N times in
 * the last T s" (nothing when it did not repeat). Returns whether this event was written.
 */
export const repeatSummariser = (logger: Logger, windowMs = 60_000) => {
  const open = new Map<string, number>()
  return (key: string, level: Level, fields: Record<string, unknown>, message: string): boolean => {
    const repeats = open.get(key)
    if (repeats !== undefined) {
      open.set(key, repeats + 1)
      return false
    }
    logger[level](fields, message)
    open.set(key, 0)
    const close = setTimeout(() => {
      const count = open.get(key) ?? 0
      open.delete(key)
      if (count > 0) logger[level]({ repeated: count }, `${message} (repeated ${count} times in the last ${windowMs / 1000} s)`)
    }, windowMs)
    close.unref()
    return true
  }
}
