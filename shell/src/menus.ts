/** What the chrome shows of the enabled modules: entries and tiles the session's flags allow. */
import type { EnabledModule, MenuEntry, Session, TileEntry } from '@app/module-kit'

type MenuFlags = Session['flags']

const allowed = (flags: MenuFlags, entry: { flag?: keyof MenuFlags }) => !entry.flag || flags[entry.flag]

export const menuEntries = (modules: EnabledModule[], flags: MenuFlags, area: MenuEntry['area']): MenuEntry[] =>
  modules.flatMap((module) => module.menu).filter((entry) => entry.area === area && allowed(flags, entry))

export const visibleTiles = (modules: EnabledModule[], flags: MenuFlags): (TileEntry & { moduleId: string })[] =>
  modules.flatMap((module) => module.tiles.filter((tile) => allowed(flags, tile)).map((tile) => ({ ...tile, moduleId: module.id })))

/** The nav search acts only on more than 2 characters (spec part1 §2). */
export const searchable = (text: string) => text.trim().length > 2
