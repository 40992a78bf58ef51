import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it), or CHROMIUM_PATH. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const REPORTS = path.resolve(__dirname, '../../../../tmp/test-reports/web');

/** The two windows every screen is tried in: a phone held upright and a laptop. */
export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Headless Chromium for one test file, with the flags this network needs (no background
 * connections to hosts it cannot reach) and none of Playwright's own browser downloads.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh browser profile (no storage shared with other tests) at `baseURL` in the given window. */
export function newContext(browser: Browser, baseURL: string, viewport: ViewportName = 'desktop'): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'en-GB',
    timezoneId: 'Europe/Brussels',
  });
}

/**
 * Browser windows of one test file: each `open` is a fresh profile at `baseURL` in the given
 * window, waiting at most 30 s for anything; a script error on any page is kept, for the file's
 * `afterEach` to fail on (`takeErrors`), with its message rather than as a heading that never shows.
 */
export function browserWindows(browser: () => Browser, baseURL: () => string) {
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  return {
    async open(viewport: ViewportName = 'desktop'): Promise<Page> {
      const context = await newContext(browser(), baseURL(), viewport);
      contexts.push(context);
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      return page;
    },
    takeErrors: (): string[] => errors.splice(0),
    async closeAll(): Promise<void> {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    },
  };
}

/**
 * Opens a console resource's create form from its list, by the link to that resource's form: while
 * a lazily loaded list replaces the previous screen, the previous screen (with a Create link of
 * its own) stays shown for a moment, and a link found by its name alone may be that one.
 */
export async function openCreate(page: Page, resource: string): Promise<void> {
  await page.locator(`a[href$="/admin/${resource}/create"]`).first().click();
  await page.waitForURL((url) => url.pathname === `/admin/${resource}/create`);
}

/** Until the page's first-level heading with that name shows. */
export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

/** Serious and critical axe violations of the page as it stands (rule id: the first offending nodes). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Colours are read as they end up: a notice fading in (a snackbar's 225 ms transition) has not
  // its contrast yet. Every finite animation or transition ends first; spinners run on.
  await page.evaluate(async () => {
    type Running = { finished: Promise<unknown>; effect: { getTiming(): { iterations?: number } } | null };
    const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
    const finite = doc.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    // At most 2 s: a paused animation never finishes.
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** Whether the page scrolls sideways (content wider than the window): never on a phone. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  // Runs in the page: the workspace's program has no DOM types, so the page's globals are read untyped.
  return page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth > root.clientWidth + 1;
  });
}

/**
 * Screenshots are for people looking at the screens; CI (`CI=true`) skips them (a full-page
 * screenshot is the costliest step of a browser test) unless WEB_SCREENSHOTS=on.
 */
const SCREENSHOTS = process.env['WEB_SCREENSHOTS'] === 'on' || process.env['CI'] !== 'true';

/** A screenshot in tmp/test-reports/web/<name>.png, to look at what a test saw (none in CI: SCREENSHOTS). */
export async function screenshot(page: Page, name: string): Promise<string> {
  if (!SCREENSHOTS) return '';
  mkdirSync(REPORTS, { recursive: true });
  const file = path.join(REPORTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Which of the two windows the page is shown in. */
export function windowOf(page: Page): ViewportName {
  return page.viewportSize()?.width === VIEWPORTS.phone.width ? 'phone' : 'desktop';
}

/**
 * The checks every screen passes, in the window it is shown in: no serious or critical axe
 * violation, no sideways scrolling; and a screenshot for people to look at.
 */
export async function expectScreenOk(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
}

/** A screen's checks: in both windows, or (`both` false) only in the one it is shown in. */
export function screensOk(page: Page, name: string, both = true): Promise<void> {
  return both ? expectScreenOkInBothWindows(page, name) : expectScreenOk(page, `${name}-${windowOf(page)}`);
}

/**
 * A screen in both windows: every check in the one it is shown in, then in the other window the
 * layout (no sideways scrolling) and a screenshot, and back. axe runs once per screen, not once per
 * window (it is most of a browser test's time; decision 0231): the window changes the layout, which
 * the second check covers, not the markup axe reads.
 */
export async function expectScreenOkInBothWindows(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  const here = windowOf(page);
  const other: ViewportName = here === 'phone' ? 'desktop' : 'phone';
  await expectScreenOk(page, `${name}-${here}`);
  await page.setViewportSize(VIEWPORTS[other]);
  await screenshot(page, `${name}-${other}`);
  expect(await scrollsSideways(page)).toBe(false);
  if (size) await page.setViewportSize(size);
}
