/** The checklists tab: progress, the items (ticked, moved by buttons, Alt+Arrow or drag, edited, removed), a new item, and the sub-checklists. */
import {
  Badge,
  Button,
  Card,
  Checkbox,
  DeleteAction,
  Dialog,
  DialogActions,
  EmptyState,
  type Form,
  FormError,
  FormFrame,
  FormGrid,
  IconButton,
  SelectField,
  SubmitButton,
  Table,
  type TableColumn,
  TextField,
  TextLink,
  useFormat,
} from '@app/module-kit'
import type { Checklist, ChecklistItem, ChecklistSummary } from '@app/plugin-checklists/shared'
import { useUnit } from 'effector-react'
import { ArrowDown, ArrowUp, GripVertical, ListChecks, Pencil, Plus } from 'lucide-react'
import { type DragEvent, type KeyboardEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Choice } from '../../api'
import { addPath, checklistPath, personName } from '../../paths'
import { StatusBadge } from '../../status'
import {
  $editing,
  $itemsChanging,
  $moved,
  type ItemValues,
  addItemForm,
  editItemForm,
  isOverdue,
  itemEditClosed,
  itemEditStarted,
  itemMoved,
  itemRemoveConfirmed,
  itemToggled,
} from './items.model'
import { $children, $people } from './model'
import { PeopleFinder } from './people-finder'

const ITEM_ATTRIBUTE = 'data-checklist-item'

/** The item whose row holds this element (a drop target, the focused button). */
const itemAt = (element: EventTarget | null, items: readonly ChecklistItem[]) => {
  const row = element instanceof Element ? element.closest('tr') : null
  const id = Number(row?.querySelector(`[${ITEM_ATTRIBUTE}]`)?.getAttribute(ITEM_ATTRIBUTE))
  return items.find((item) => item.id === id) ?? null
}

/** The person select of an item's form: the people who may be responsible, and the one already chosen if they are not among them. */
const peopleOptions = (people: Choice[], current: ChecklistItem['responsibleUser']) => {
  const options = people.map((person) => ({ value: String(person.id), label: person.name }))
  if (current && !people.some((person) => person.id === current.id)) options.unshift({ value: String(current.id), label: personName(current) })
  return options
}

const ItemFields = ({ form, people, current }: { form: Form<ItemValues>; people: Choice[]; current: ChecklistItem['responsibleUser'] }) => {
  const { t } = useTranslation('checklists')
  return (
    <FormGrid>
      <TextField form={form} name="name" label={t('items.name')} />
      <PeopleFinder />
      <SelectField form={form} name="responsibleUserId" label={t('items.responsible')} options={peopleOptions(people, current)} />
      <TextField form={form} name="dueDate" label={t('items.dueDate')} type="date" />
    </FormGrid>
  )
}

export const Progress = ({ checklist }: { checklist: Pick<Checklist, 'doneCount' | 'itemCount' | 'overdueCount'> }) => {
  const { t } = useTranslation('checklists')
  const format = useFormat()
  return (
    <p className="kit-row">
      <span>{t('progress.done', { done: format.number(checklist.doneCount), total: format.number(checklist.itemCount), count: checklist.itemCount })}</span>
      {checklist.itemCount > 0 && checklist.doneCount === checklist.itemCount && <Badge tone="success">{t('progress.allDone')}</Badge>}
      {checklist.overdueCount > 0 && <Badge tone="danger">{t('progress.overdue', { count: checklist.overdueCount })}</Badge>}
    </p>
  )
}

export const ItemsTab = ({ checklist, edit, administer }: { checklist: Checklist; edit: boolean; administer: boolean }) => {
  const { t } = useTranslation('checklists')
  const format = useFormat()
  const units = useUnit({
    changing: $itemsChanging,
    moved: $moved,
    editing: $editing,
    people: $people,
    children: $children,
    toggle: itemToggled,
    move: itemMoved,
    remove: itemRemoveConfirmed,
    startEdit: itemEditStarted,
    closeEdit: itemEditClosed,
  })
  const [dragged, setDragged] = useState<number | null>(null)
  const items = checklist.checklistItems
  const count = items.length

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!edit || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
    const item = itemAt(event.target, items)
    if (!item) return
    event.preventDefault()
    units.move({ item, to: item.sortOrder + (event.key === 'ArrowUp' ? -1 : 1) })
  }
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (dragged !== null && itemAt(event.target, items)) event.preventDefault()
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const target = itemAt(event.target, items)
    const item = items.find((one) => one.id === dragged)
    setDragged(null)
    if (!target || !item) return
    event.preventDefault()
    units.move({ item, to: target.sortOrder })
  }

  const columns: TableColumn<ChecklistItem>[] = [
    {
      key: 'done',
      header: t('items.done'),
      render: (item) => (
        <span {...{ [ITEM_ATTRIBUTE]: item.id }}>
          <Checkbox hideLabel label={t('items.tick', { name: item.name })} checked={item.done} disabled={!edit || units.changing} onChange={() => units.toggle(item)} />
        </span>
      ),
    },
    { key: 'position', header: t('items.position'), render: (item) => item.sortOrder },
    {
      key: 'name',
      header: t('items.name'),
      rowHeader: true,
      wrap: true,
      render: (item) => (
        <>
          {item.name}
          {item.done && item.doneBy && (
            <>
              {' '}
              <Badge tone="success">{t('items.doneBy', { name: personName(item.doneBy) })}</Badge>
            </>
          )}
        </>
      ),
    },
    { key: 'responsible', header: t('items.responsible'), wrap: true, render: (item) => personName(item.responsibleUser) },
    {
      key: 'dueDate',
      header: t('items.dueDate'),
      render: (item) => (
        <>
          {item.dueDate === null ? '' : format.date(item.dueDate)}
          {isOverdue(item) && (
            <>
              {' '}
              <Badge tone="danger">{t('items.overdue')}</Badge>
            </>
          )}
        </>
      ),
    },
    ...(edit
      ? [
          {
            key: 'actions',
            header: t('items.actions'),
            actions: true,
            render: (item: ChecklistItem) => (
              <>
                <IconButton
                  icon={GripVertical}
                  size="sm"
                  label={t('items.drag', { name: item.name })}
                  draggable={!units.changing}
                  aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move'
                    event.dataTransfer.setData('text/plain', String(item.id))
                    setDragged(item.id)
                  }}
                  onDragEnd={() => setDragged(null)}
                />
                <IconButton icon={ArrowUp} size="sm" label={t('items.moveUp', { name: item.name })} disabled={item.sortOrder === 1 || units.changing} onClick={() => units.move({ item, to: item.sortOrder - 1 })} />
                <IconButton
                  icon={ArrowDown}
                  size="sm"
                  label={t('items.moveDown', { name: item.name })}
                  disabled={item.sortOrder === count || units.changing}
                  onClick={() => units.move({ item, to: item.sortOrder + 1 })}
                />
                <IconButton icon={Pencil} size="sm" label={t('items.edit', { name: item.name })} onClick={() => units.startEdit(item)} />
                <DeleteAction
                  label={t('items.remove', { name: item.name })}
                  disabled={units.changing}
                  question={{ title: t('items.removeQuestion', { name: item.name }), text: t('items.removeText') }}
                  onConfirmed={() => units.remove(item)}
                />
              </>
            ),
          },
        ]
      : []),
  ]
  const childColumns: TableColumn<ChecklistSummary>[] = [
    { key: 'title', header: t('fields.title'), rowHeader: true, wrap: true, render: (child) => <TextLink to={checklistPath(child.parentId, child.id)}>{child.title}</TextLink> },
    { key: 'status', header: t('fields.status'), render: (child) => <StatusBadge status={child.status} /> },
    { key: 'progress', header: t('list.progress'), render: (child) => t('progress.done', { done: format.number(child.doneCount), total: format.number(child.itemCount), count: child.itemCount }) },
  ]
  return (
    <div className="kit-stack">
      {count > 0 && <Progress checklist={checklist} />}
      {count === 0 ? (
        <EmptyState icon={ListChecks} title={t('items.empty')} text={t(edit ? 'items.emptyText' : 'items.emptyReadOnly')} />
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the rows' own buttons are what is used; this only hears Alt+Arrow and drops from them.
        <div onKeyDown={onKeyDown} onDragOver={onDragOver} onDrop={onDrop}>
          <Table columns={columns} rows={items} rowKey={(item) => item.id} caption={t('items.caption', { name: checklist.title, count })} busy={units.changing} />
        </div>
      )}
      {edit && <p className="kit-field-hint">{t('items.keyboardHint')}</p>}
      <p className="kit-visually-hidden" role="status">
        {units.moved ? t(units.moved.key, units.moved.values) : ''}
      </p>
      {edit && (
        <Card title={t('items.new')}>
          <FormFrame form={addItemForm}>
            <ItemFields form={addItemForm} people={units.people} current={null} />
            <FormError form={addItemForm} />
            <div className="kit-row">
              <SubmitButton form={addItemForm}>{t('items.add')}</SubmitButton>
            </div>
          </FormFrame>
        </Card>
      )}
      {units.children && (units.children.length > 0 || administer) && (
        <Card title={t('children.title')}>
          {units.children.length > 0 && (
            <Table columns={childColumns} rows={units.children} rowKey={(child) => child.id} caption={t('children.caption', { name: checklist.title, count: units.children.length })} />
          )}
          {administer && (
            <div className="kit-row">
              <Button icon={Plus} to={addPath(checklist.parentId, checklist.id)}>
                {t('children.add')}
              </Button>
            </div>
          )}
        </Card>
      )}
      {units.editing && (
        <Dialog title={t('items.editTitle', { name: units.editing.name })} onClose={() => units.closeEdit()}>
          <FormFrame form={editItemForm}>
            <ItemFields form={editItemForm} people={units.people} current={units.editing.responsibleUser} />
            <FormError form={editItemForm} />
            <DialogActions>
              <Button onClick={() => units.closeEdit()}>{t('common.cancel')}</Button>
              <SubmitButton form={editItemForm}>{t('items.save')}</SubmitButton>
            </DialogActions>
          </FormFrame>
        </Dialog>
      )}
    </div>
  )
}
