/**
 * The top navigation when signed in: the modules' main entries (Help), the
 * Configuration and Profile dropdowns, and the search box. Below 767 px it folds
 * behind a menu button.
 */
import { $enabledModules, $flags, $locale, $location, $session, Link, navigate, signOutClicked } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { labelIn } from '../labels'
import { menuEntries, searchable } from '../menus'
import { PRODUCT_NAME } from '../signed-out/layout'
import { Dropdown } from './Dropdown'
import { $canSwitch, switchAccountOpened } from './switch-account'

const SearchBox = () => {
  const { t } = useTranslation('shell')
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (searchable(text)) navigate(`/search?q=${encodeURIComponent(text.trim())}`)
  }
  return (
    <search>
      <form className="shell-search-box" onSubmit={submit}>
        <input
          type="search"
          aria-label={t('nav.search')}
          placeholder={t('nav.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="shell-nav-button">
          {t('nav.search')}
        </button>
      </form>
    </search>
  )
}

export const TopNav = () => {
  const { t } = useTranslation('shell')
  const [modules, flags, locale, session, location, canSwitch] = useUnit([$enabledModules, $flags, $locale, $session, $location, $canSwitch])
  const [folded, setFolded] = useState(true)

  // A followed link folds the small-screen menu again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose.
  useEffect(() => setFolded(true), [location])

  const main = menuEntries(modules, flags, 'main')
  const configuration = menuEntries(modules, flags, 'configuration')
  const profile = menuEntries(modules, flags, 'profile')

  return (
    <header className="shell-header">
      <a className="shell-skip" href="#shell-main">
        {t('app.skipToContent')}
      </a>
      <Link to="/" className="shell-brand">
        {PRODUCT_NAME}
      </Link>
      <button
        type="button"
        className="shell-nav-button shell-menu-toggle"
        aria-expanded={!folded}
        aria-controls="shell-nav"
        onClick={() => setFolded((value) => !value)}
      >
        {t('nav.menu')}
      </button>
      <nav id="shell-nav" className="shell-nav" data-folded={folded} aria-label={t('nav.primary')}>
        {main.map((entry) => (
          <Link key={entry.id} to={entry.path} className="shell-nav-link" aria-current={location.pathname === entry.path ? 'page' : undefined}>
            {labelIn(entry.label, locale)}
          </Link>
        ))}
        {configuration.length > 0 && (
          <Dropdown label={t('nav.configuration')}>
            {(close) =>
              configuration.map((entry) => (
                <Link key={entry.id} to={entry.path} role="menuitem" className="shell-menu-item" onClick={close}>
                  {labelIn(entry.label, locale)}
                </Link>
              ))
            }
          </Dropdown>
        )}
        {session && (
          // Which account (tenant) the user works in, for users who belong to several.
          <span className="shell-account" title={t('nav.currentAccount')}>
            {session.accountName}
          </span>
        )}
        <Dropdown label={session ? `${t('nav.profile')} (${session.user.acronym})` : t('nav.profile')} className="shell-profile">
          {(close) => (
            <>
              {profile.map((entry) => (
                <Link key={entry.id} to={entry.path} role="menuitem" className="shell-menu-item" onClick={close}>
                  {labelIn(entry.label, locale)}
                </Link>
              ))}
              {canSwitch && (
                <button
                  type="button"
                  role="menuitem"
                  className="shell-menu-item"
                  onClick={() => {
                    close()
                    switchAccountOpened()
                  }}
                >
                  {t('nav.switchAccount')}
                </button>
              )}
              <button type="button" role="menuitem" className="shell-menu-item" onClick={() => signOutClicked()}>
                {t('nav.signOut')}
              </button>
            </>
          )}
        </Dropdown>
        <SearchBox />
      </nav>
    </header>
  )
}
