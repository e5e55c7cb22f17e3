/**
 * Core schemas (browser-safe) of memberships and privileges; each other service keeps
 * its own in its folder (services/<name>/<name>.schema.ts).
 */
import {
  Field,
  LANGUAGES,
  PRIVILEGE_ACTIONS,
  PRIVILEGE_RESOURCES,
  USER_ACCESS_LEVELS,
} from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'

export const memberSchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.Integer(),
    userId: Type.Integer(),
    roleId: Type.Union([Type.Integer(), Type.Null()]),
    companyId: Type.Union([Type.Integer(), Type.Null()]),
    accessLevel: Field.enumOf(USER_ACCESS_LEVELS),
    enabled: Type.Boolean(),
    removalRequested: Type.Boolean(),
    createdAt: Type.String(),
    createdBy: Type.Union([Type.Integer(), Type.Null()]),
  },
  { additionalProperties: false },
)

export const privilegeSchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.Integer(),
    userId: Type.Union([Type.Integer(), Type.Null()]),
    roleId: Type.Union([Type.Integer(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
    resource: Field.enumOf(PRIVILEGE_RESOURCES),
    resourceId: Type.Union([Type.Integer(), Type.Null()]),
    action: Field.enumOf(PRIVILEGE_ACTIONS),
  },
  { additionalProperties: false },
)

export const languageParamSchema = Type.Object({ language: Field.enumOf(LANGUAGES) })
