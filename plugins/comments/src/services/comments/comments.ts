import type { ServiceDefinition } from '@app/plugin-kit'
import { CommentsService, ThingCommentsService } from './comments.class'
import { commentDataSchema, commentQuerySchema, commentSchema } from './comments.schema'
import { commentsMethods, commentsPath, thingCommentsMethods, thingCommentsPath } from './comments.shared'

/** A thing's comments: who may read them, and so add one, is the thing's owner's answer (commentTargets). */
export const thingCommentsService: ServiceDefinition = {
  path: thingCommentsPath,
  methods: [...thingCommentsMethods],
  scope: { kind: 'tenant' },
  schemas: { data: commentDataSchema, query: commentQuerySchema },
  service: (app) => new ThingCommentsService(app),
}

/** One comment, by id: changed or removed by its author or an administrator of its thing. */
export const commentsService: ServiceDefinition = {
  path: commentsPath,
  methods: [...commentsMethods],
  scope: { kind: 'tenant' },
  schemas: { data: commentDataSchema, result: commentSchema },
  service: (app) => new CommentsService(app),
}

