/**
 * Regenerates the demo set's company photos (tools/demo/photos/*.webp) from SVG artwork of
 * trades in the brand colours. Deterministic: the same files every run. `npx tsx tools/demo/make-photos.ts`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'photos');
const GREEN = '#008751';
const DARK = '#0f1f17';
const GOLD = '#f5b301';
const LIGHT = '#f6f8f7';

// Each: a file name, a background and the artwork (in a 640x360 frame).
const PHOTOS: Array<[name: string, bg: string, art: string]> = [
  [
    'wrench',
    GREEN,
    `<g transform="rotate(-35 320 180)"><rect x="200" y="165" width="240" height="30" rx="12" fill="${LIGHT}"/>
     <circle cx="190" cy="180" r="48" fill="${LIGHT}"/><rect x="150" y="166" width="50" height="28" fill="${GREEN}"/>
     <circle cx="450" cy="180" r="36" fill="${LIGHT}"/><circle cx="450" cy="180" r="16" fill="${GREEN}"/></g>`,
  ],
  [
    'bulb',
    DARK,
    `<circle cx="320" cy="160" r="80" fill="${GOLD}"/><rect x="285" y="230" width="70" height="50" rx="8" fill="${LIGHT}"/>
     <rect x="295" y="285" width="50" height="14" rx="6" fill="${LIGHT}"/>
     <g stroke="${GOLD}" stroke-width="10" stroke-linecap="round"><line x1="320" y1="40" x2="320" y2="60"/>
     <line x1="200" y1="160" x2="220" y2="160"/><line x1="420" y1="160" x2="440" y2="160"/>
     <line x1="235" y1="75" x2="250" y2="90"/><line x1="405" y1="75" x2="390" y2="90"/></g>`,
  ],
  [
    'roller',
    GOLD,
    `<rect x="180" y="80" width="260" height="70" rx="14" fill="${GREEN}"/><rect x="440" y="105" width="40" height="20" fill="${DARK}"/>
     <path d="M470 115 V200 H320 V230" stroke="${DARK}" stroke-width="14" fill="none"/>
     <rect x="305" y="225" width="30" height="100" rx="8" fill="${DARK}"/>`,
  ],
  [
    'house',
    LIGHT,
    `<path d="M170 190 L320 70 L470 190 Z" fill="${GREEN}"/><rect x="200" y="185" width="240" height="135" fill="${DARK}"/>
     <rect x="300" y="240" width="45" height="80" fill="${GOLD}"/><rect x="225" y="210" width="45" height="40" fill="${LIGHT}"/>
     <rect x="370" y="210" width="45" height="40" fill="${LIGHT}"/>`,
  ],
  [
    'tiles',
    GREEN,
    Array.from({ length: 24 }, (_, i) => {
      const x = 140 + (i % 6) * 62;
      const y = 60 + Math.floor(i / 6) * 62;
      return `<rect x="${x}" y="${y}" width="56" height="56" rx="4" fill="${i % 3 === 0 ? GOLD : LIGHT}"/>`;
    }).join(''),
  ],
  [
    'solar',
    DARK,
    `<circle cx="500" cy="80" r="45" fill="${GOLD}"/><g transform="skewX(-20)">${Array.from(
      { length: 8 },
      (_, i) => {
        const x = 230 + (i % 4) * 70;
        const y = 150 + Math.floor(i / 4) * 70;
        return `<rect x="${x}" y="${y}" width="64" height="64" fill="${GREEN}" stroke="${LIGHT}" stroke-width="3"/>`;
      },
    ).join('')}</g>`,
  ],
  [
    'broom',
    LIGHT,
    `<rect x="305" y="40" width="22" height="190" rx="8" fill="${DARK}" transform="rotate(20 316 135)"/>
     <path d="M240 230 L380 230 L420 320 L200 320 Z" fill="${GOLD}"/><rect x="240" y="222" width="140" height="18" fill="${GREEN}"/>`,
  ],
  [
    'hammer',
    GOLD,
    `<rect x="305" y="120" width="30" height="210" rx="10" fill="${DARK}"/>
     <path d="M220 70 H400 Q430 70 430 100 V130 H220 Z" fill="${GREEN}"/>`,
  ],
  [
    'truck',
    GREEN,
    `<rect x="140" y="120" width="250" height="130" rx="8" fill="${LIGHT}"/><path d="M390 160 H460 L500 210 V250 H390 Z" fill="${GOLD}"/>
     <circle cx="210" cy="260" r="30" fill="${DARK}"/><circle cx="440" cy="260" r="30" fill="${DARK}"/>`,
  ],
  [
    'key',
    DARK,
    `<circle cx="230" cy="180" r="70" fill="none" stroke="${GOLD}" stroke-width="26"/>
     <rect x="295" y="167" width="210" height="26" fill="${GOLD}"/><rect x="450" y="190" width="22" height="45" fill="${GOLD}"/>
     <rect x="410" y="190" width="22" height="32" fill="${GOLD}"/>`,
  ],
];

mkdirSync(OUT, { recursive: true });
for (const [name, bg, art] of PHOTOS) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
    <rect width="640" height="360" fill="${bg}"/>${art}
    <text x="620" y="345" text-anchor="end" font-family="sans-serif" font-size="20" font-weight="bold"
      fill="${bg === LIGHT || bg === GOLD ? DARK : LIGHT}" opacity="0.7">DEMO</text></svg>`;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 80, effort: 6 }).toBuffer();
  writeFileSync(join(OUT, `${name}.webp`), webp);
  console.log(`${name}.webp ${webp.length} bytes`);
}
