/** Where comments live (spec part2 §7 "Comments and events"). Browser-safe. */
/** A thing's comments: GET lists them, POST adds one. */
export const thingCommentsPath = 'comments/:module/:moduleId'
export const thingCommentsMethods = ['find', 'create'] as const
/** One comment: PUT changes its content, DELETE removes it. */
export const commentsPath = 'comments'
export const commentsMethods = ['update', 'remove'] as const

/** The client's URL (under /api) of a thing's comments, e.g. a project's: `commentsUrl('project', 7)`. */
export const thingCommentsUrl = (module: string, moduleId: number) => `/comments/${encodeURIComponent(module)}/${moduleId}`
/** The client's URL (under /api) of one comment. */
export const commentUrl = (commentId: number) => `/comments/${commentId}`
