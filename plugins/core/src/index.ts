import { definePlugin } from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { createAccessResolver } from './access'
import { assertMayActOn } from './acting'
import { AuthService } from './auth/authentication'
import { pruneLimits } from './auth/rate-limit'
import { renewService } from './auth/renew'
import { accessCache, accessClock, pruneSessions } from './auth/sessions'
import { sealPlainSecrets } from './auth/totp'
import { coreCalls } from './core-calls'
import { grantClock } from './grant-clock'
import { coreTables } from './migrations/001-core'
import { privilegesResourceIndex } from './migrations/012-privileges-resource-index'
import { privilegesRowIndex } from './migrations/013-privileges-row-index'
import { supportTables } from './migrations/002-support'
import { supportFiles } from './migrations/003-support-files'
import { userIndexes } from './migrations/004-user-indexes'
import { userFileView } from './migrations/005-user-file-view'
import { userListKeys } from './migrations/006-user-list-keys'
import { builtInRoles } from './migrations/007-built-in-roles'
import { signInHardening } from './migrations/008-sign-in'
import { projectGrantIndexes } from './migrations/009-project-grant-indexes'
import { pendingEmail } from './migrations/010-pending-email'
import { checklistModule, projectModule } from './migrations/011-module-introductions'
import { seedCore } from './seed'
import { accountCreateService } from './services/account-create/account-create'
import { accountDetailsService } from './services/account-details/account-details'
import { accountModulesService } from './services/account-modules/account-modules'
import { accountPrivilegeServices } from './services/account-privileges/account-privileges'
import { accountToggleService } from './services/account-toggle/account-toggle'
import { accountUsersService, userByIdService } from './services/account-users/account-users'
import { accountsService } from './services/accounts/accounts'
import { authenticationValidateService } from './services/authentication-validate/authentication-validate'
import { contextSwitchService } from './services/context-switch/context-switch'
import { contextsService } from './services/contexts/contexts'
import { dashboardInfoService } from './services/dashboard-info/dashboard-info'
import { searchService } from './services/search/search'
import { emailConfirmService } from './services/email-confirm/email-confirm'
import { membershipServices } from './services/membership/membership'
import { modulesService } from './services/modules/modules'
import { newUserServices } from './services/new-user/new-user'
import { ownPreferenceServices } from './services/own-preferences/own-preferences'
import { passwordService } from './services/password/password'
import { privilegeCatalogServices } from './services/privilege-catalog/privilege-catalog'
import { privilegesService } from './services/privileges/privileges'
import { removalRequestService } from './services/removal-request/removal-request'
import { resetLinkService } from './services/reset-link/reset-link'
import { resetPasswordServices } from './services/reset-password/reset-password'
import { resetRequestService } from './services/reset-request/reset-request'
import { rolesService } from './services/roles/roles'
import { supportContactService } from './services/support-contact/support-contact'
import { supportDownloadService } from './services/support-download/support-download'
import { supportService } from './services/support/support'
import { twoFactorConfirmationService } from './services/two-factor-confirmation/two-factor-confirmation'
import { twoFactorEnrolmentService } from './services/two-factor-enrolment/two-factor-enrolment'
import { twoFactorOffService } from './services/two-factor-off/two-factor-off'
import { twoFactorService } from './services/two-factor/two-factor'
import { userPrivilegeServices } from './services/user-privileges/user-privileges'
import { userRemovalServices } from './services/user-removal/user-removal'
import { usernameLookupServices } from './services/username-lookup/username-lookup'
import { usernameService } from './services/username/username'
import { usersExportService } from './services/users-export/users-export'

export { AuthService, SIGN_IN_FAILED } from './auth/authentication'
export { hashPassword, verifyPassword } from './auth/passwords'
export { issueToken, revokeUserSessions } from './auth/sessions'
export { menuFlags, projectLevel } from './access'
export { type Rank, type Standing, mayActOn } from './acting'
export { DEMO_USERS } from './seed'
export { memberKeys } from './member-keys'
export { insertAccountWithAdmin } from './services/accounts/new-account'

const HOUR = 3600_000

// Menu and tile labels travel in every language: the shell draws them before the remote loads.
const HELP = { 'en-GB': 'Help', 'fi-FI': 'Ohje', 'no-NO': 'Hjelp', 'pl-PL': 'Pomoc', 'se-SE': 'Hjälp' }
const PROFILE = { 'en-GB': 'Profile', 'fi-FI': 'Profiili', 'no-NO': 'Profil', 'pl-PL': 'Profil', 'se-SE': 'Profil' }
const SETTINGS = { 'en-GB': 'Settings', 'fi-FI': 'Asetukset', 'no-NO': 'Innstillinger', 'pl-PL': 'Ustawienia', 'se-SE': 'Inställningar' }
const GLOBAL_ADMIN = {
  'en-GB': 'Global admin',
  'fi-FI': 'Pääkäyttäjähallinta',
  'no-NO': 'Global administrasjon',
  'pl-PL': 'Administracja globalna',
  'se-SE': 'Global administration',
}
const USERS = { 'en-GB': 'Users', 'fi-FI': 'Käyttäjät', 'no-NO': 'Brukere', 'pl-PL': 'Użytkownicy', 'se-SE': 'Användare' }
const NEW_USER = { 'en-GB': 'New user', 'fi-FI': 'Uusi käyttäjä', 'no-NO': 'Ny bruker', 'pl-PL': 'Nowy użytkownik', 'se-SE': 'Ny användare' }

export default definePlugin({
  id: 'core',
  module: 'core',
  version: packageJson.version,
  remotes: [
    {
      name: 'core',
      routes: ['/help', '/profile'],
      menu: [
        { id: 'help', label: HELP, path: '/help', area: 'main' },
        { id: 'profile', label: PROFILE, path: '/profile', area: 'profile' },
      ],
      tiles: [
        { id: 'profile', label: PROFILE, path: '/profile' },
        { id: 'help', label: HELP, path: '/help' },
      ],
    },
    {
      name: 'globaladmin',
      routes: ['/global-admin'],
      menu: [{ id: 'globalAdmin', label: GLOBAL_ADMIN, path: '/global-admin', area: 'configuration', flag: 'canManageAccounts' }],
    },
    {
      name: 'admin',
      routes: ['/admin'],
      menu: [{ id: 'settings', label: SETTINGS, path: '/admin', area: 'configuration', flag: 'canManageSettings' }],
    },
    {
      name: 'users',
      routes: ['/users'],
      // Account admins hold both flags; company managers hold only canManageCompanyUsers.
      menu: [
        { id: 'users', label: USERS, path: '/users', area: 'configuration', flag: 'canManageCompanyUsers' },
        { id: 'newUser', label: NEW_USER, path: '/users/add', area: 'configuration', flag: 'canManageUsers' },
      ],
      tiles: [{ id: 'users', label: USERS, path: '/users', flag: 'canManageCompanyUsers' }],
    },
  ],
  migrations: [coreTables, supportTables, supportFiles, userIndexes, userFileView, userListKeys, builtInRoles, signInHardening, projectGrantIndexes, pendingEmail, projectModule, privilegesResourceIndex, privilegesRowIndex, checklistModule],
  permissions: [
    { name: 'ADMIN-ACCESS', resource: 'ACCOUNT', description: 'Administers the account' },
    { name: 'GLOBAL_ADMIN-ACCESS', resource: 'GLOBAL_ADMIN', description: 'Administers the platform' },
    { name: 'ASSIGN_USER_TO_PROJECT', resource: 'PROJECT', description: 'Adds users to projects' },
    { name: 'ASSIGN_USER_TO_COMPANY', resource: 'COMPANY', description: 'Adds users to companies' },
    { name: 'CREATE_NEW_COMPANY_USER', resource: 'COMPANY', description: 'Creates users for a company' },
    { name: 'PROJECT_CREATE', resource: 'PROJECT', description: 'Creates projects' },
  ],
  configure(app) {
    const knex = app.get('knex')
    const clock = accessClock(knex)
    const maxAgeMs = app.get('config').authCacheMs
    app.use('authentication', new AuthService(app, accessCache(clock, maxAgeMs)) as any, { methods: ['create', 'remove'] })
    app.get('registry').push({
      path: 'authentication',
      methods: ['create', 'remove'],
      public: ['create'],
      scope: { kind: 'own-user', why: "Signs the caller in and out; DELETE revokes the caller's own token." },
      pluginId: 'core',
      module: 'core',
    })
    app.set('core', coreCalls(app))
    app.set('access', {
      ...createAccessResolver(knex, grantClock(knex), maxAgeMs, () => app.get('projects')),
      assertMayActOn: (user, targetUserId, action) => assertMayActOn(knex, user, targetUserId, action),
    })
  },
  async setup(app) {
    const knex = app.get('knex')
    await sealPlainSecrets(knex, app.get('config').totpKey)
    const prune = setInterval(() => {
      Promise.all([pruneSessions(knex), pruneLimits(knex)]).catch((error) => app.get('logger').warn({ err: error }, 'Pruning sessions and rate limits failed'))
    }, HOUR)
    prune.unref()
  },
  services: [
    renewService,
    // Sessions: the token check, the two-factor step and set-up, account contexts.
    authenticationValidateService,
    twoFactorService,
    twoFactorEnrolmentService,
    twoFactorConfirmationService,
    contextsService,
    contextSwitchService,
    // Accounts and their modules.
    accountsService,
    accountToggleService,
    accountModulesService,
    dashboardInfoService,
    searchService,
    modulesService,
    accountCreateService,
    accountDetailsService,
    rolesService,
    // Passwords and the person's identity.
    resetRequestService,
    ...resetPasswordServices,
    removalRequestService,
    supportService,
    supportDownloadService,
    supportContactService,
    passwordService,
    usernameService,
    emailConfirmService,
    twoFactorOffService,
    resetLinkService,
    // Memberships, their privileges and the users list.
    ...userPrivilegeServices,
    ...privilegeCatalogServices,
    ...accountPrivilegeServices,
    accountUsersService,
    userByIdService,
    ...usernameLookupServices,
    usersExportService,
    ...newUserServices,
    ...membershipServices,
    ...userRemovalServices,
    ...ownPreferenceServices,
    privilegesService,
  ],
  seed: seedCore,
})
