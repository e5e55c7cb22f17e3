/**
 * A project's document groups (spec part2 §3 "Document group"), its folders and IFC files:
 * GET /projects/{projectId}/foldertypes, /folders, /ifcfiles. Browser-safe.
 */
import { type Static, Type } from '@sinclair/typebox'

export const projectFolderSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    symbol: Type.Union([Type.String(), Type.Null()]),
    folderTypeId: Type.Integer(),
    files: Type.Array(Type.Unknown()),
    urls: Type.Array(Type.Unknown()),
  },
  { additionalProperties: false },
)
export type ProjectFolderItem = Static<typeof projectFolderSchema>

/**
 * The tenant module a group's tile belongs to: the skymap tile is Skyview's, the Task Tracker
 * the project module's own (checklists live in projects), every other group the documents'.
 * A group whose module is installed but switched off for the account is left out (spec
 * part2 §2); a module not installed has no switch, and its groups stay (with no folders).
 */
export const groupModule = (typeId: string) => (typeId === 'Skyview' ? 'skyview' : typeId === 'Checklist' ? 'project' : 'document')

/** One group: an active document type of the account with the project's folders of that type. */
export const documentGroupSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    /** `Skyview` and `Checklist` groups become the skymap and Task Tracker tiles. */
    typeId: Type.String(),
    folders: Type.Array(projectFolderSchema),
  },
  { additionalProperties: false },
)
export type DocumentGroup = Static<typeof documentGroupSchema>

export const ifcFileSchema = Type.Object({ id: Type.Integer(), name: Type.String() }, { additionalProperties: false })
export type IfcFile = Static<typeof ifcFileSchema>
