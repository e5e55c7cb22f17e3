import { fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { $location } from '../router'
import { $dialogOpen } from './model'
import { SplitScreen } from './SplitScreen'

function render(search: string, dialogOpen = false) {
  const scope = fork({
    values: [
      [$location, { pathname: '/', search }],
      [$dialogOpen, dialogOpen],
    ],
  })
  return renderToString(
    <Provider value={scope}>
      <SplitScreen main={<p>home page</p>} renderPane={(path) => <p>{`pane ${path}`}</p>} />
    </Provider>,
  )
}

describe('<SplitScreen>', () => {
  it('shows only the main area while no viewer is open', () => {
    const html = render('')
    expect(html).toContain('home page')
    expect(html).not.toContain('role="region"')
    expect(html).not.toContain('<section')
    expect(html).not.toContain('<hr')
  })

  it('lays out the viewer pane with a keyboard-operable divider', () => {
    const html = render('?view=%2Fhelp&mapPlacement=left&direction=horizontal')
    expect(html).toContain('data-placement="left"')
    expect(html).toContain('--kit-split-size:300px')
    expect(html).toContain('pane /help')
    expect(html).toMatch(/class="kit-split__main" role="region" aria-label="Main area"/)
    expect(html).toMatch(/<hr[^>]*tabindex="0"[^>]*aria-label="Resize the viewer"[^>]*aria-valuenow="300"/)
    expect(html).toContain('aria-orientation="vertical"')
    // The header's Split screen button is the kit's Button, not a bare <button>.
    expect(html).toMatch(/<button aria-haspopup="dialog"[^>]*class="kit-button kit-button-ghost kit-button-sm">/)
  })

  it('renders the Split screen dialog with its labelled buttons when opened', () => {
    const html = render('?view=%2Fhelp&mapPlacement=top&direction=vertical', true)
    expect(html).toMatch(/<dialog[^>]*aria-labelledby=/)
    for (const label of [
      'Place the viewer at the top',
      'Place the viewer at the bottom',
      'Place the viewer on the left',
      'Place the viewer on the right',
      'Default layout',
      'Close this viewer',
      'Replace this viewer with map',
    ]) {
      expect(html).toContain(label)
    }
    expect(html).toMatch(/aria-pressed="true"[^>]*aria-label="Place the viewer at the top"/)
    // The fullscreen button draws an icon, not a character most fonts lack (⛶ showed as an empty box).
    expect(html).toMatch(/aria-label="Show the viewer full screen"[^>]*><svg[^>]*aria-hidden="true"/)
    expect(html).not.toContain('⛶')
  })
})
