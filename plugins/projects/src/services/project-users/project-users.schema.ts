/**
 * A project's users (spec part2 §2 "Project users page", §4 "Access level per user per
 * project", §6, §7): who holds a level on it, one user's levels, setting and removing
 * them, and the caller's own privileges on it. Browser-safe.
 */
import { ACCESS_LEVELS, Field, PRIVILEGE_ACTIONS } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

const level = () => Field.enumOf(ACCESS_LEVELS)

/** A member as the project's users table lists them, with the level they hold on it. */
export const projectUserSchema = Type.Object(
  {
    userId: Type.Integer(),
    username: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    acronym: Type.String(),
    enabled: Type.Boolean(),
    anonymous: Type.Boolean(),
    /** The level they hold on the project, the highest of everything that gives one. */
    accessLevel: level(),
  },
  { additionalProperties: false },
)
export type ProjectUser = Static<typeof projectUserSchema>

/** GET /projects/{projectId}/users/{userId}: one user's levels, for the per-user page's table. */
export const projectUserLevelsSchema = Type.Object(
  {
    ...projectUserSchema.properties,
    /** Their own grant on the project: what Set changes and removing takes away. */
    ownAccessLevel: level(),
    /**
     * What they hold without it: their role's grants on the project, the project's client
     * company (its administrators administer, its access views), or being an account admin.
     */
    otherAccessLevel: level(),
  },
  { additionalProperties: false },
)
export type ProjectUserLevels = Static<typeof projectUserLevelsSchema>

export const projectUserPageSchema = Type.Object({
  total: Type.Integer(),
  limit: Type.Integer(),
  skip: Type.Integer(),
  data: Type.Array(projectUserSchema),
})
export type ProjectUserPage = Static<typeof projectUserPageSchema>

/** POST /projects/{projectId}/users: the add-company-user box (4 or more characters); the user gets VIEW. */
export const projectUserAddSchema = Type.Object(
  { username: Type.String({ minLength: 4, maxLength: 254 }) },
  { additionalProperties: false, examples: [{ username: 'user@demo.test' }] },
)
export type ProjectUserAdd = Static<typeof projectUserAddSchema>

/** PUT /projects/{projectId}/users: a row's Set (NONE takes the user's own grant away). */
export const projectUserSetSchema = Type.Object(
  { userId: Type.Integer({ minimum: 1 }), accessLevel: Field.enumOf(ACCESS_LEVELS) },
  { additionalProperties: false, examples: [{ userId: 1, accessLevel: 'DOWNLOAD' }] },
)
export type ProjectUserSet = Static<typeof projectUserSetSchema>

export const projectUsersQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    /** In the e-mail or a name, whatever the case. */
    filter: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
)

export const projectUsersWithAccessQuerySchema = Type.Object(
  {
    ...projectUsersQuerySchema.properties,
    /** Leave anonymised users out (default true). */
    filterAnonymous: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
)

/** GET /projects/{projectId}/privileges: the caller's level on the project and what they may do on its users page. */
export const projectPrivilegesSchema = Type.Object(
  {
    projectId: Type.Integer(),
    accessLevel: level(),
    /** The levels the caller may give on the users page (ADMINISTER only to settings, accounts or projects managers); none below ADMINISTER. */
    grantable: Type.Array(Field.enumOf(PRIVILEGE_ACTIONS)),
    /** Whether the caller may remove users from the project (canManageCompanyUsers or project administer). */
    mayRemoveUsers: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type ProjectPrivileges = Static<typeof projectPrivilegesSchema>

export const PROJECT_USER_MESSAGES = {
  /** The add box's lookup, as the users module shows admin.users.userNotFound. */
  userNotFound: 'User not found',
  alreadyUser: 'The user already has access to this project',
  noAccess: 'The user has no access to this project',
  administerNotOffered: 'Only settings, accounts or projects managers may give the ADMINISTER level',
  mayNotChange: 'You may not change access to this project',
  clientProjectsOnly: 'A company administrator gives access only to projects whose client is one of its companies',
  otherUser: 'The path and the body name different users',
} as const
