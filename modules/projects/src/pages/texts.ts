/**
 * The pages' texts, registered when a page's chunk loads (each page imports this file), so
 * the remote's entry, which the home page loads for its panel, carries only the panel's.
 */
import { registerLocales } from '@app/module-kit'
import { locales } from '../locales'

registerLocales('projects', locales)
