/**
 * The web app under its Content-Security-Policy: the shell and every remote a user
 * opens run without one violation (no inline script, no eval), and a company logo
 * still shows.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

/** Chromium reports each blocked script, style, image or request on the console. */
const violationsOf = (page: Page) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}

describe('Content-Security-Policy', () => {
  it('the shell and the remotes run under it without a violation', async (page) => {
    const violations = violationsOf(page)
    const document = await page.goto('/')
    const policy = document?.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(document?.headers()['x-content-type-options']).toBe('nosniff')

    const account = await app.make.account()
    const company = await app.make.company(account)
    const member = await app.make.user(account)
    await signInAs(page, account.admin)
    for (const [path, text] of [
      ['/companies', company.name],
      ['/users', member.username],
      ['/profile', 'Change password'],
      ['/help', 'Help'],
    ] as const) {
      await page.goto(path)
      await page.getByText(text).first().waitFor()
    }
    expect(violations).toEqual([])
  })

  it('a logo fetched with the token shows as an image', async (page, app) => {
    const violations = violationsOf(page)
    const account = await app.make.account()
    const company = await app.make.company(account)
    const token = await app.make.signIn(account.admin)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png')
    const saved = await fetch(`${app.url}/api/companies/${company.id}/logo`, { method: 'PATCH', body: form, headers: { authorization: `Bearer ${token}` } })
    expect(saved.status).toBe(200)

    await signInAs(page, account.admin)
    await page.goto(`/companies/${company.id}`)
    const logo = page.locator('img[src^="blob:"]')
    await logo.waitFor()
    expect(violations).toEqual([])
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
  })
})
