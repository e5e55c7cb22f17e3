/**
 * What is set on a file beyond its bytes (spec part1 §3 "Folder file", §4 "File
 * conversion", §7 "Files"): where it was taken, and its conversion for the viewers. The
 * answers are the file as a document lists it (folderFileSchema). Browser-safe.
 */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const FILE_STATE_MESSAGES = {
  bothOrNeither: 'Give both latitude and longitude, or neither',
  convertedLocation: 'The converted location starts with potree: (point clouds) or forge: (models)',
  archived: 'An archived document keeps its files as they are',
} as const

/** Latitude -90…90 and longitude -180…180 (part1 §5, §9), both null to clear. */
export const geolocationDataSchema = Type.Object(
  {
    latitude: Field.nullable(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Field.nullable(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false, examples: [{ latitude: 60.1699, longitude: 24.9384 }] },
)
export type GeolocationData = Static<typeof geolocationDataSchema>

/** POST /files/conversion-started: the file whose conversion began. */
export const conversionStartedSchema = Type.Object({ fileId: Field.id() }, { additionalProperties: false, examples: [{ fileId: 1 }] })
export type ConversionStarted = Static<typeof conversionStartedSchema>

/** `potree:` opens in the point-cloud viewer, `forge:` in the model viewer (part1 §4); then anything but spaces and control characters. */
export const CONVERTED_LOCATION_PATTERN = '^(potree|forge):[^\\s\\u0000-\\u001f\\u007f]+$'

/** POST /files/conversion-completed: the file and where its converted form is. */
export const conversionCompletedSchema = Type.Object(
  {
    fileId: Field.id(),
    convertedLocation: Type.String({ minLength: 1, maxLength: 2000, pattern: CONVERTED_LOCATION_PATTERN, errorMessage: FILE_STATE_MESSAGES.convertedLocation }),
  },
  { additionalProperties: false, examples: [{ fileId: 1, convertedLocation: 'potree:clouds/site-scan/metadata.json' }] },
)
export type ConversionCompleted = Static<typeof conversionCompletedSchema>
