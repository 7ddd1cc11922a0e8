/**
 * Screenshots of the home page, a server page, a tool page and search
 * results at desktop and phone widths, in both themes, written to
 * build/screenshots/ for people to look at (CI keeps them as an artifact).
 * Each shot also checks that the page does not scroll sideways at that
 * width. One test a page: it opens the page once and takes its four shots,
 * resizing the tab and switching the emulated theme (the theme is CSS alone,
 * `prefers-color-scheme`), instead of opening it four times.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './tab.ts';
import { SCREENSHOT_DIR } from './support.ts';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const PAGES = [
  { name: 'home', path: './' },
  { name: 'server', path: 'servers/filesystem/' },
  { name: 'tool', path: 'servers/filesystem/write_file/' },
  { name: 'search', path: 'search/?q=write_file', ready: '#search-results > li' },
] as const;

mkdirSync(SCREENSHOT_DIR, { recursive: true });

for (const shot of PAGES) {
  test(shot.name, async ({ page }) => {
    await page.goto(shot.path);
    if ('ready' in shot) await expect(page.locator(shot.ready).first()).toBeVisible();
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `no horizontal scrolling (${size}, ${scheme})`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${shot.name}-${size}-${scheme}.png`), fullPage: true });
      }
    }
  });
}
