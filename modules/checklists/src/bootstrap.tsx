/** Renders this remote alone, for development: see the kit's renderStandalone. */
import { renderStandalone } from '@app/module-kit'
import module from './module'

renderStandalone(module, '/project/1/checklists')
