/** One server-paged list for every remote: the effector model and its thin view. */
export {
  createPagedList,
  feathersQuery,
  FILTER_DEBOUNCE_MS,
  LIST_PAGE_SIZE,
  type ListPage,
  type ListQuery,
  type ListSort,
  nextSort,
  type PagedList,
  type PagedListOptions,
  type SortDirection,
} from './model'
export { type DataColumn, DataTable, type DataTableProps, ListFilter, type ListFilterProps, LoadFailed, Pager, Table, type TableColumn, type TableProps } from './DataTable'
