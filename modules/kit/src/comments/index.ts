/** One comment thread for every remote (a project's comments, a document's notes): the effector model and its thin view. */
export {
  COMMENTS_LIMIT,
  type CommentEditing,
  type CommentNotice,
  type CommentNoticeKey,
  type CommentPerson,
  type CommentsModel,
  type CommentsModelOptions,
  createCommentsModel,
  type ThreadComment,
} from './model'
export { commentAuthorName, CommentThread, type CommentThreadProps, type CommentThreadTexts } from './CommentThread'
