/**
 * node scripts/make-app-icons.ts — draws the web app's PNG icons (packages/web/public) from its
 * mark, the favicon's white L on green: the home-screen icons of the manifest (192 and 512 px,
 * rounded like the favicon), a maskable one (full bleed, the L inside the safe circle) and the
 * Apple touch icon (full bleed: iOS rounds it). Run it again after changing favicon.svg's mark.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const PUBLIC = new URL('../packages/web/public/', import.meta.url);
const favicon = readFileSync(new URL('favicon.svg', PUBLIC), 'utf8');
const mark = /<path [^>]*\/>/.exec(favicon)?.[0];
const colour = /<rect [^>]*fill="([^"]+)"/.exec(favicon)?.[1];
if (!mark || !colour) throw new Error('favicon.svg has no <rect fill> and <path/> to draw from');

/** The mark (viewBox 32) on a square of the favicon's colour, scaled about the centre. */
function icon(scale: number, corner: number): string {
  const placed = mark!.replace(
    '<path ',
    `<path transform="translate(16 16) scale(${scale}) translate(-16 -16)" `,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${corner}" fill="${colour}"/>${placed}</svg>`;
}

const icons: Array<[name: string, svg: string, size: number]> = [
  ['icon-192.png', icon(1, 7), 192],
  ['icon-512.png', icon(1, 7), 512],
  ['icon-maskable-512.png', icon(0.8, 0), 512],
  ['apple-touch-icon.png', icon(0.9, 0), 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(name, PUBLIC).pathname);
  console.log(`${name}: ${size} × ${size}`);
}
