import { Badge, Button, type DataColumn, DataTable, IconButton, ListFilter, Page, type RouteProps, RouteTabs, TextLink, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { ListPlus, Plus, Star } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { type DocumentRow, LIST_TABS, type ListTab } from '../../api'
import { documentPath, personName } from '../../crumbs'
import { UploadPanel } from '../../upload/UploadPanel'
import { $project, documents, favoriteClicked, listOpened } from './model'

const tabOf = (query: URLSearchParams): ListTab => {
  const tab = query.get('tab')
  return (LIST_TABS as readonly string[]).includes(tab ?? '') ? (tab as ListTab) : 'all'
}


export const DocumentsPage = ({ params, query }: RouteProps) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const { opened, total, filter, star, project } = useUnit({ opened: listOpened, total: documents.$total, filter: documents.$appliedFilter, star: favoriteClicked, project: $project })
  const tab = tabOf(query)
  const projectId = params.projectId ? Number(params.projectId) : null
  useEffect(() => {
    opened({ tab, projectId })
  }, [opened, tab, projectId])

  const base = projectId ? `/project/${projectId}/documents` : '/documents'
  const columns: DataColumn<DocumentRow>[] = [
    {
      key: 'favorite',
      header: t('list.favorite'),
      render: (row) => (
        <IconButton icon={Star} size="sm" pressed={row.favorite} label={t('list.favoriteOne', { name: row.name })} onClick={() => star(row)} />
      ),
    },
    { key: 'symbol', header: t('fields.symbol'), render: (row) => row.symbol ?? '' },
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      // Below EDIT the name is plain text (part1 §6): the document's pages need EDIT.
      render: (row) => (row.canEdit ? <TextLink to={documentPath(row.projectId, row.id)}>{row.name}</TextLink> : row.name),
    },
    { key: 'project', header: t('list.project'), render: (row) => (row.projectSymbol ? `${row.projectSymbol} - ${row.projectName}` : row.projectName) },
    { key: 'type', header: t('fields.folderTypeId'), render: (row) => row.typeName },
    { key: 'state', header: t('list.state'), render: (row) => <Badge tone={row.state === 'ARCHIVED' ? 'info' : 'neutral'}>{t(`values.state.${row.state}`)}</Badge> },
    { key: 'responsible', header: t('fields.responsibleId'), render: (row) => personName(row.responsible) },
    { key: 'files', header: t('list.files'), render: (row) => format.number(row.fileCount) },
    { key: 'changedAt', header: t('list.changedAt'), render: (row) => format.date(row.changedAt) },
  ]
  return (
    <Page
      title={t('list.title')}
      actions={
        project?.id === projectId &&
        project.accessLevel.edit && (
          <>
            <Button to={`/project/${projectId}/documents/add`} variant="primary" icon={Plus}>
              {t('list.new')}
            </Button>
            <Button to={`/project/${projectId}/documents/bulk`} icon={ListPlus}>
              {t('list.bulk')}
            </Button>
          </>
        )
      }
    >
      <RouteTabs label={t('list.tabs')} tabs={LIST_TABS.map((id) => ({ id, label: t(`list.tab.${id}`), path: id === 'all' ? base : `${base}?tab=${id}` }))} selected={tab}>
        <div className="kit-row">
          <ListFilter list={documents} label={t('list.filter')} placeholder={t('list.filter')} />
        </div>
        <DataTable
          list={documents}
          columns={columns}
          rowKey={(row) => row.id}
          caption={t('list.caption', { count: total })}
          emptyText={t(filter ? 'list.noMatch' : `list.empty.${tab}`)}
        />
      </RouteTabs>
      <UploadPanel />
    </Page>
  )
}
