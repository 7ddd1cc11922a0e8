/**
 * Draw the site's static images into public/: one social card per class
 * (public/og/R0.png … R4.png, 1200×630, shown by tool, class and effect
 * pages), the site's own card (public/og/site.png), the touch icon
 * (public/apple-touch-icon.png, 180×180) and favicon.ico (a 32×32 PNG in an
 * ICO container: ICO allows PNG entries since Windows Vista).
 *
 * Rendered once by Chromium (the same Debian Chromium the e2e tests use) and
 * committed, so the site build draws nothing. Run it again after changing
 * the colours or names: `npx tsx scripts/og-images.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CLASSES, CLASS_NAMES, type ReversibilityClass } from '../src/core/classes.ts';
import { ROOT } from './lib/paths.ts';

/** The light theme's class colours (src/site/styles/global.css). */
const SOLID: Record<ReversibilityClass, string> = { R0: '#15803d', R1: '#2563eb', R2: '#ca8a04', R3: '#ea580c', R4: '#b91c1c' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function card(cls: ReversibilityClass | undefined): string {
  const bars = CLASSES.map((c) => `<i style="background:${SOLID[c]}"></i>`).join('');
  const body = cls
    ? `<p class="big" style="color:${SOLID[cls]}">${cls}</p><p class="name">${CLASS_NAMES[cls]}</p>`
    : `<p class="name">Can your AI agent's mistake be undone?</p><p class="sub">R0 No effect · R1 Restorable · R2 Compensable · R3 Hard to recover · R4 Irreversible</p>`;
  return `<!doctype html><html><head><style>
    body{margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box;background:#fdfdfc;color:#1b1b1a;font-family:"DejaVu Sans",sans-serif;border-left:28px solid ${cls ? SOLID[cls] : '#1b1b1a'}}
    .brand{display:flex;gap:8px;align-items:center;font-size:40px;font-weight:700}.brand span{display:inline-flex;gap:5px}.brand i{display:block;width:12px;height:44px;border-radius:2px}
    .big{font-size:220px;font-weight:800;margin:10px 0 0;line-height:1}.name{font-size:72px;font-weight:700;margin:10px 0 0}.sub{font-size:30px;margin:24px 0 0;color:#4a4a46}
  </style></head><body><div class="brand"><span>${bars}</span>&nbsp;Reversibility Classes</div>${body}</body></html>`;
}

function icon(size: number): string {
  const bar = size / 7;
  const bars = CLASSES.map(
    (c, i) => `<rect x="${bar * (i + 1)}" y="${size * 0.2}" width="${bar * 0.8}" height="${size * 0.6}" rx="${bar * 0.15}" fill="${SOLID[c]}"/>`,
  ).join('');
  return `<!doctype html><html><body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#fdfdfc"/>${bars}</svg></body></html>`;
}

/** An ICO file holding one PNG image (ICONDIR + one ICONDIRENTRY + the PNG). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await mkdir(join(ROOT, 'public', 'og'), { recursive: true });
  for (const cls of [undefined, ...CLASSES]) {
    await page.setViewportSize({ width: 1200, height: 630 });
    await page.setContent(card(cls));
    await writeFile(join(ROOT, 'public', 'og', `${cls ?? 'site'}.png`), await page.screenshot({ type: 'png' }));
  }
  await page.setViewportSize({ width: 180, height: 180 });
  await page.setContent(icon(180));
  await writeFile(join(ROOT, 'public', 'apple-touch-icon.png'), await page.screenshot({ type: 'png' }));
  await page.setViewportSize({ width: 32, height: 32 });
  await page.setContent(icon(32));
  await writeFile(join(ROOT, 'public', 'favicon.ico'), icoFromPng(await page.screenshot({ type: 'png' }), 32));
} finally {
  await browser.close();
}
console.log('wrote public/og/*.png, public/apple-touch-icon.png, public/favicon.ico');
