// Draws the portal's icon files from one SVG (the association's blue, a white "A", the success green beneath):
// favicon.svg, favicon.ico (16 and 32 px), the PNG sizes phones use. Run by hand when the icon changes; the files are committed.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const out = path.resolve(import.meta.dirname, '../apps/web/public');
const glyph = `<path d="M256 96 L396 400 H336 L309 336 H203 L176 400 H116 Z M227 280 H285 L256 208 Z" fill="#fff" fill-rule="evenodd"/>
  <rect x="136" y="424" width="240" height="28" rx="14" fill="#28C76F"/>`;
/** Rounded for tabs and bookmarks; full-bleed where the phone rounds it itself. */
const svg = (rounded) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><title>AIPM</title><rect width="512" height="512" rx="${rounded ? 104 : 0}" fill="#0500F0"/>${glyph}</svg>`;

fs.writeFileSync(path.join(out, 'favicon.svg'), `${svg(true)}\n`);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const png = async (size, rounded) => {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style>${svg(rounded).replace('<svg ', `<svg width="${size}" height="${size}" `)}`,
  );
  return page.screenshot({ omitBackground: true, type: 'png' });
};
fs.writeFileSync(path.join(out, 'icons/icon-192.png'), await png(192, true));
fs.writeFileSync(path.join(out, 'icons/icon-512.png'), await png(512, true));
fs.writeFileSync(path.join(out, 'icons/apple-touch-icon.png'), await png(180, false));
const images = [await png(16, true), await png(32, true)];
await browser.close();

// An ICO file that holds PNG images: a 6-byte header, a 16-byte entry per image, then the images.
const header = Buffer.alloc(6);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map((image, i) => {
  const entry = Buffer.alloc(16);
  const size = [16, 32][i];
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(image.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += image.length;
  return entry;
});
fs.writeFileSync(path.join(out, 'favicon.ico'), Buffer.concat([header, ...entries, ...images]));
console.log('icons written to', out);
