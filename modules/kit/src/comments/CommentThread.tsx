/**
 * The thin view of a comment thread: the add form, then the comments (author, date, an
 * "edited" mark, edit in place and remove with confirmation where `canEdit` allows), or
 * the loading, empty and failed-with-Retry states in their place. The caller gives the
 * model, opens it for its thing, and gives the texts that name its kind of comment.
 */
import { useUnit } from 'effector-react'
import { type LucideIcon, MessageSquare, Pencil } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { TextInput } from '../form'
import { useFormat } from '../format'
import { LoadFailed } from '../list'
import { Button, DeleteAction, EmptyState, IconButton, Skeleton } from '../ui'
import type { CommentPerson, CommentsModel, ThreadComment } from './model'
import './locales'
import './comments.css'

/** The texts that name the caller's kind of comment, already translated. */
export interface CommentThreadTexts {
  /** The list's accessible name ("Comments"). */
  title: string
  /** The add box's label ("New comment"). */
  new: string
  /** Under the add box ("Write something to add a comment."). */
  newHint?: string
  /** The add button ("Add"). */
  add: string
  empty: string
  /** The list could not be read. */
  failed: string
  /** The edit button's label ("Edit comment"). */
  edit: string
  /** The edit box's label. */
  editLabel: string
  /** The remove button's label ("Remove comment"). */
  remove: string
  /** The confirmation's question ("Remove this comment?"). */
  removeTitle: string
}

export interface CommentThreadProps<C extends ThreadComment> {
  model: CommentsModel<C>
  texts: CommentThreadTexts
  /** The empty state's icon. */
  icon?: LucideIcon
}

/** First and last name, else the login; '' for nobody. */
export const commentAuthorName = (person: CommentPerson | null): string =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username || '' : ''

const OneComment = <C extends ThreadComment>({ model, texts, comment }: { model: CommentsModel<C>; texts: CommentThreadTexts; comment: C }) => {
  const { t } = useTranslation('kit')
  const format = useFormat()
  const { editing, saving, start, change, cancel, save, remove } = useUnit({
    editing: model.$editing,
    saving: model.$saving,
    start: model.editStarted,
    change: model.editChanged,
    cancel: model.editCancelled,
    save: model.editSaved,
    remove: model.removeConfirmed,
  })
  if (editing?.id === comment.id) {
    return (
      <li className="kit-comment">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            save()
          }}
        >
          <TextInput
            label={texts.editLabel}
            value={editing.text}
            onChange={change}
            action={
              <>
                <Button type="submit" variant="primary" disabled={saving || !editing.text.trim()}>
                  {t('comments.save')}
                </Button>
                <Button onClick={() => cancel()}>{t('comments.cancel')}</Button>
              </>
            }
          />
        </form>
      </li>
    )
  }
  const edited = comment.changeDate !== null && comment.changeDate !== undefined && comment.changeDate !== comment.creationDate
  return (
    <li className="kit-comment">
      <div className="kit-row">
        <strong>{commentAuthorName(comment.author) || t('comments.former')}</strong>
        <span className="kit-comment-meta">
          {format.date(comment.creationDate)}
          {edited ? ` · ${t('comments.edited', { date: format.date(comment.changeDate as string | number) })}` : ''}
        </span>
        {/* The server says who may change it: its author, or an administrator of what it is on. */}
        {comment.canEdit && (
          <span className="kit-comment-actions">
            <IconButton icon={Pencil} size="sm" label={texts.edit} onClick={() => start(comment)} />
            <DeleteAction label={texts.remove} question={{ title: texts.removeTitle }} onConfirmed={() => remove(comment)} />
          </span>
        )}
      </div>
      <p className="kit-comment-text">{comment.content}</p>
    </li>
  )
}

export const CommentThread = <C extends ThreadComment>({ model, texts, icon = MessageSquare }: CommentThreadProps<C>) => {
  const { comments, failed, retry, draft, changeDraft, canAdd, add } = useUnit({
    comments: model.$comments,
    failed: model.$failed,
    retry: model.retried,
    draft: model.$draft,
    changeDraft: model.draftChanged,
    canAdd: model.$canAdd,
    add: model.addClicked,
  })
  return (
    <div className="kit-stack">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          add()
        }}
      >
        <TextInput
          label={texts.new}
          value={draft}
          onChange={changeDraft}
          hint={texts.newHint}
          action={
            <Button type="submit" variant="primary" disabled={!canAdd}>
              {texts.add}
            </Button>
          }
        />
      </form>
      {failed ? (
        <LoadFailed text={texts.failed} onRetry={() => retry()} />
      ) : !comments ? (
        <Skeleton />
      ) : comments.length === 0 ? (
        <EmptyState icon={icon} text={texts.empty} />
      ) : (
        <ul className="kit-comments" aria-label={texts.title}>
          {comments.map((comment) => (
            <OneComment key={comment.id} model={model} texts={texts} comment={comment} />
          ))}
        </ul>
      )}
    </div>
  )
}
