/** The /search page's Companies group: name or number contains the text, sorted by number and name. */
import { type SearchGroup, i18n } from '@app/module-kit'
import { searchCompaniesFx } from './api'

export const searchCompanies = async (query: string): Promise<SearchGroup[]> => {
  const page = await searchCompaniesFx(query.trim())
  return [
    {
      id: 'companies',
      label: i18n.t('search.group', { ns: 'companies' }),
      items: page.data.map((company) => ({
        id: String(company.id),
        title: company.number ? `${company.number} - ${company.name}` : company.name,
        href: `/companies/${company.id}`,
      })),
    },
  ]
}
