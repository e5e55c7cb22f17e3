/** The boundary check: the repository obeys it, and each rule catches what it should. */
import { describe, expect, test } from 'vitest'
import { type Workspace, checkBoundaries, findImports, formatViolation, readWorkspaces, ruleBroken } from './boundaries'

describe('the repository', () => {
  test('keeps the arrows of ARCHITECTURE.md', () => {
    const violations = checkBoundaries()
    expect(violations.map(formatViolation), 'run `npm run -w @app/checks boundaries` for the list').toEqual([])
  })

  test('is scanned: the workspaces are found', () => {
    const names = readWorkspaces().map((w) => w.name)
    expect(names).toEqual(expect.arrayContaining(['@app/api', '@app/plugin-kit', '@app/plugin-core', '@app/module-kit', '@app/shell']))
  })
})

const WORKSPACES: Workspace[] = [
  { name: '@app/api', dir: 'api', kind: 'api' },
  { name: '@app/shell', dir: 'shell', kind: 'shell' },
  { name: '@app/module-kit', dir: 'modules/kit', kind: 'module-kit' },
  { name: '@app/module-documents', dir: 'modules/documents', kind: 'module' },
  { name: '@app/module-projects', dir: 'modules/projects', kind: 'module' },
  { name: '@app/plugin-kit', dir: 'plugins/kit', kind: 'plugin-kit' },
  { name: '@app/plugin-documents', dir: 'plugins/documents', kind: 'plugin' },
  { name: '@app/plugin-projects', dir: 'plugins/projects', kind: 'plugin' },
  { name: '@app/seed', dir: 'tools/seed', kind: 'tool' },
  { name: '@app/testing', dir: 'tools/testing', kind: 'tool' },
]
const broken = (file: string, specifier: string) => ruleBroken(file, specifier, WORKSPACES)

describe('rules', () => {
  test.each([
    ['modules/documents/src/module.ts', '@app/module-kit'],
    ['modules/documents/src/api.ts', '@app/plugin-documents/shared'],
    ['modules/documents/src/api.ts', '@app/plugin-kit/shared'],
    ['modules/documents/src/pages/list/page.tsx', '../../api'],
    ['modules/documents/src/pages/list/page.tsx', 'react'],
    ['modules/kit/src/client.ts', '@app/plugin-kit/shared'],
    ['plugins/documents/src/index.ts', '@app/plugin-kit'],
    ['plugins/documents/src/index.ts', '@app/plugin-projects/shared'],
    ['plugins/documents/src/index.ts', '@app/plugin-documents/shared'],
    ['plugins/documents/src/services/folders/folders.ts', '../../shared'],
    ['plugins/documents/src/services/folders/folders.test.ts', '@app/api/testing'],
    ['plugins/documents/src/services/folders/folders.test.ts', '@app/testing'],
    ['shell/src/main.tsx', '@app/module-kit'],
    ['api/src/plugins.ts', '@app/plugin-documents'],
    ['api/vitest.config.ts', '../vitest.shared.ts'],
    ['tools/seed/src/seed.ts', '@app/api'],
  ])('%s may import %s', (file, specifier) => {
    expect(broken(file, specifier)).toBeUndefined()
  })

  test.each([
    ['modules/documents/src/api.ts', '@app/plugin-documents', /shared/],
    ['modules/documents/src/api.ts', '@app/module-projects', /another module/],
    ['modules/documents/src/api.ts', '@app/module-projects/src/api', /another module/],
    ['modules/documents/src/api.ts', '@app/shell', /shell/],
    ['modules/documents/src/api.ts', '@app/api', /module-kit/],
    ['modules/documents/src/api.ts', '../../projects/src/api', /climbs out/],
    ['modules/kit/src/client.ts', '@app/module-documents', /modules\/kit/],
    ['plugins/documents/src/index.ts', '@app/api', /api\//],
    ['plugins/documents/src/index.ts', '@app/api/testing', /api\//],
    ['plugins/documents/src/services/folders/folders.test.ts', '@app/api', /api\//],
    ['plugins/documents/src/index.ts', '@app/testing', /tools\//],
    ['plugins/documents/src/services/folders/folders.test.ts', '@app/seed', /tools\//],
    ['plugins/documents/src/index.ts', '@app/plugin-projects', /shared/],
    ['plugins/documents/src/index.ts', '@app/module-kit', /plugins/],
    ['plugins/documents/src/index.ts', '../../projects/src/index', /climbs out/],
    ['plugins/kit/src/index.ts', '@app/plugin-documents/shared', /plugins\/kit/],
    ['plugins/documents/src/index.ts', '@app/nonexistent', /unknown/],
    ['shell/src/main.tsx', '@app/plugin-documents', /server entry/],
    ['shell/src/main.tsx', '@app/module-documents', /module/],
    ['shell/src/main.tsx', '@app/api', /module-kit/],
    ['api/src/server.ts', '@app/module-kit', /browser/],
    ['api/src/server.ts', '../../plugins/documents/src/index', /climbs out/],
    ['api/src/server.ts', '../../../elsewhere', /leaves the repository/],
    ['api/src/deep/file.ts', '../../../vitest.shared.ts', /climbs out/],
    ['api/src/vitest.config.ts', '../../vitest.shared.ts', /climbs out/],
  ])('%s may not import %s', (file, specifier, rule) => {
    expect(broken(file, specifier)).toMatch(rule)
  })
})

describe('findImports', () => {
  test('finds every form with its line, and skips comments', () => {
    const source = [
      "import a from 'one'",
      "import type { B } from 'two'",
      'import {',
      '  c,',
      '  type D,',
      "} from 'three'",
      "export * from 'four'",
      "export { e as f } from 'five'",
      "import 'six'",
      "const g = await import('seven')",
      "// import h from 'not-this'",
      "/* import i from 'nor-this'",
      "   export * from 'nor-that' */",
      "const url = 'http://example.test/*not a comment*/'",
      "vi.mock('eight')",
      "export const importantFrom = 'nine'",
      "const notAnImport = reimport('ten')",
    ].join('\n')
    expect(findImports(source)).toEqual([
      { specifier: 'one', line: 1 },
      { specifier: 'two', line: 2 },
      { specifier: 'three', line: 6 },
      { specifier: 'four', line: 7 },
      { specifier: 'five', line: 8 },
      { specifier: 'six', line: 9 },
      { specifier: 'seven', line: 10 },
      { specifier: 'eight', line: 15 },
    ])
  })
})
