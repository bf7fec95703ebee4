/**
 * Demo pictures drawn by StayHub itself: illustrated SVG scenes (facades and
 * rooms, deterministic from a seed number) rendered with sharp to WebP in three
 * sizes. No network, no copied images.
 *
 *   <key>-<hash>-1280.webp  1280x853  detail page
 *   <key>-<hash>-960.webp    960x640  the srcset's middle step
 *   <key>-<hash>-640.webp    640x427  cards
 *   <key>-<hash>-1200x630.jpg          share previews (og:image, ADR 0022)
 *
 * `<hash>` is taken from the rendered bytes: pictures are served with a one-year
 * immutable cache, so a scene drawn differently by a later version (a database
 * seeded again) gets a new name instead of reusing a cached one.
 *
 * All are stored as public objects; the 1280 URL is what a home records. The
 * other sizes are the same URL with `-1280.webp` replaced by their suffix.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { StorageProvider } from '../providers/storage/storage';
import { MEDIUM_IMAGE_SUFFIX, MEDIUM_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#shared/images';
import { shareKeyOf } from '../features/uploads/share-image';

export const DEMO_IMAGE_SIZES = {
  detail: { width: 1280, height: 853, suffix: '-1280.webp' },
  medium: { width: MEDIUM_IMAGE_WIDTH, height: 640, suffix: MEDIUM_IMAGE_SUFFIX },
  card: { width: 640, height: 427, suffix: '-640.webp' },
} as const;

export type BuildingKind = 'house' | 'apartment' | 'cabin' | 'villa' | 'townhouse';
export type Backdrop = 'hills' | 'sea' | 'city' | 'mountains' | 'table-mountain' | 'temple-hills' | 'river';
export type TimeOfDay = 'dawn' | 'day' | 'golden' | 'dusk' | 'night';
export type RoomKind = 'living' | 'bedroom' | 'kitchen';

export interface ExteriorScene {
  kind: 'exterior';
  seed: number;
  building?: BuildingKind;
  backdrop?: Backdrop;
  time?: TimeOfDay;
}

export interface InteriorScene {
  kind: 'interior';
  seed: number;
  room?: RoomKind;
  time?: TimeOfDay;
}

export type Scene = ExteriorScene | InteriorScene;

const W = 1280;
const H = 853;
const HORIZON = 560;

// ---------------------------------------------------------------- randomness

/** mulberry32: small, fast, deterministic. */
function rng(seed: number) {
  let a = (seed * 2654435761) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

const r1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------- colours

interface Sky {
  stops: [string, string, string];
  sun: string | null;
  moon: boolean;
  stars: boolean;
  lit: boolean;
  tint: { color: string; opacity: number };
  haze: string;
  /** Sun high in the sky (midday) rather than low near the horizon. */
  high: boolean;
}

const SKIES: Record<TimeOfDay, Sky> = {
  dawn: {
    stops: ['#34467a', '#e99aa0', '#ffd8a8'],
    sun: '#fff1c9',
    moon: false,
    stars: false,
    lit: false,
    tint: { color: '#a0526e', opacity: 0.12 },
    haze: '#e8b4b4',
    high: false,
  },
  day: {
    stops: ['#2f80d0', '#86c5f0', '#e2f3ff'],
    sun: '#fffbe6',
    moon: false,
    stars: false,
    lit: false,
    tint: { color: '#ffffff', opacity: 0 },
    haze: '#bcdcf2',
    high: true,
  },
  golden: {
    stops: ['#486aa6', '#f3ac6a', '#ffe1a0'],
    sun: '#fff0b8',
    moon: false,
    stars: false,
    lit: false,
    tint: { color: '#d9822b', opacity: 0.12 },
    haze: '#f1c08e',
    high: false,
  },
  dusk: {
    stops: ['#1c1b4a', '#76407e', '#ef8a5e'],
    sun: '#ffb47a',
    moon: false,
    stars: true,
    lit: true,
    tint: { color: '#2a1d4f', opacity: 0.32 },
    haze: '#9b5a7f',
    high: false,
  },
  night: {
    stops: ['#060a22', '#12214d', '#2b3d70'],
    sun: null,
    moon: true,
    stars: true,
    lit: true,
    tint: { color: '#070c2c', opacity: 0.5 },
    haze: '#2c3b6b',
    high: false,
  },
};

const WALLS = [
  '#f4e9d8',
  '#f7d9c4',
  '#e8d5b0',
  '#dbe7e4',
  '#f2c6a0',
  '#fbeee0',
  '#d8c3a5',
  '#c9dbe8',
  '#f0d1d1',
  '#e4e0cf',
  '#f6e2a8',
  '#cfe3c4',
];
const ROOFS = ['#a8452f', '#7a3b2e', '#4f5b66', '#3e4a3d', '#8c5a3c', '#b5653f', '#5b4a6b', '#2f3e4e'];
const DOORS = ['#2f5d62', '#8e3b46', '#3b5998', '#6b4226', '#2d6a4f', '#b5838d', '#1d3557', '#c97b2a'];
const ACCENTS = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#5e60ce', '#ef476f', '#118ab2', '#06d6a0'];

// ---------------------------------------------------------------- shared parts

function defs(sky: Sky): string {
  const [top, mid, bottom] = sky.stops;
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.62" stop-color="${mid}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff7d6" stop-opacity="0.9"/><stop offset="0.35" stop-color="#ffe7a8" stop-opacity="0.35"/><stop offset="1" stop-color="#ffe7a8" stop-opacity="0"/></radialGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dff1ff"/><stop offset="0.5" stop-color="#9cc8e8"/><stop offset="1" stop-color="#6a9cc4"/></linearGradient>
<linearGradient id="lit" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset="1" stop-color="#f7b955"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="#1f5f8b"/></linearGradient>
<linearGradient id="pool" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7fdbff"/><stop offset="1" stop-color="#1b8fc7"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>
</defs>`;
}

function skyLayer(sky: Sky, r: Rng, height = H): string {
  let out = `<rect width="${W}" height="${height}" fill="url(#sky)"/>`;
  if (sky.stars) {
    const count = sky.moon ? 70 : 30;
    for (let i = 0; i < count; i++) {
      out += `<circle cx="${r1(r.range(0, W))}" cy="${r1(r.range(0, HORIZON * 0.6))}" r="${r1(r.range(0.8, 2.2))}" fill="#fff" opacity="${r1(r.range(0.4, 1))}"/>`;
    }
  }
  const cx = r1(r.range(150, W - 150));
  if (sky.sun) {
    const cy = sky.high ? r.range(90, 200) : r.range(330, 470);
    out += `<circle cx="${cx}" cy="${r1(cy)}" r="190" fill="url(#glow)"/><circle cx="${cx}" cy="${r1(cy)}" r="${r.int(38, 56)}" fill="${sky.sun}"/>`;
  }
  if (sky.moon) {
    const cy = r1(r.range(90, 220));
    out += `<circle cx="${cx}" cy="${cy}" r="120" fill="url(#glow)" opacity="0.5"/><circle cx="${cx}" cy="${cy}" r="40" fill="#f4f1de"/><circle cx="${r1(cx + 16)}" cy="${r1(cy - 8)}" r="36" fill="${sky.stops[0]}"/>`;
  }
  if (!sky.moon) {
    const clouds = r.int(2, 5);
    for (let i = 0; i < clouds; i++) {
      const x = r.range(0, W),
        y = r.range(60, HORIZON * 0.55),
        s = r.range(0.6, 1.4);
      const op = sky.stars ? 0.35 : 0.85;
      out += `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(s * 10) / 10})" fill="#fff" opacity="${op}"><ellipse cx="0" cy="0" rx="70" ry="22"/><ellipse cx="-35" cy="-12" rx="38" ry="26"/><ellipse cx="22" cy="-20" rx="46" ry="32"/><ellipse cx="62" cy="-4" rx="34" ry="20"/></g>`;
    }
  }
  return out;
}

function wavePath(r: Rng, baseY: number, amp: number, segments: number, bottom = H): string {
  let d = `M0 ${bottom} L0 ${r1(baseY + r.range(-amp, amp))}`;
  const step = W / segments;
  for (let i = 1; i <= segments; i++) {
    const x = i * step;
    const y = baseY + r.range(-amp, amp);
    d += ` Q${r1(x - step / 2)} ${r1(y - amp * r.range(0.4, 1.2))} ${r1(x)} ${r1(y)}`;
  }
  return `${d} L${W} ${bottom} Z`;
}

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16),
    pb = parseInt(b.slice(1), 16);
  const ch = (p: number, s: number) => (p >> s) & 255;
  const c = (s: number) => Math.round(ch(pa, s) + (ch(pb, s) - ch(pa, s)) * t);
  return `#${((1 << 24) | (c(16) << 16) | (c(8) << 8) | c(0)).toString(16).slice(1)}`;
}

function backdropLayer(kind: Backdrop, sky: Sky, r: Rng): string {
  const far = mix('#6f8fa8', sky.haze, 0.55);
  const near = mix('#5f8a5a', sky.haze, 0.3);
  switch (kind) {
    case 'hills':
      return `<path d="${wavePath(r, HORIZON - 90, 30, 4)}" fill="${far}"/><path d="${wavePath(r, HORIZON - 30, 28, 5)}" fill="${mix(near, far, 0.45)}"/><path d="${wavePath(r, HORIZON + 20, 18, 6)}" fill="${near}"/>`;
    case 'temple-hills': {
      const px = r.range(160, 340);
      let pagoda = `<g fill="${mix('#3b2f35', sky.haze, 0.35)}">`;
      for (let i = 0; i < 5; i++) {
        const y = HORIZON - 70 - i * 34,
          w = 96 - i * 14;
        pagoda += `<rect x="${r1(px - w * 0.32)}" y="${y}" width="${r1(w * 0.64)}" height="26"/><path d="M${r1(px - w / 2 - 14)} ${y + 4} Q${r1(px)} ${y - 22} ${r1(px + w / 2 + 14)} ${y + 4} Z"/>`;
      }
      pagoda += `<rect x="${r1(px - 2)}" y="${HORIZON - 70 - 5 * 34 - 30}" width="4" height="40"/></g>`;
      return `<path d="${wavePath(r, HORIZON - 110, 40, 3)}" fill="${far}"/>${pagoda}<path d="${wavePath(r, HORIZON - 20, 24, 5)}" fill="${mix('#4d7a4a', sky.haze, 0.35)}"/>`;
    }
    case 'mountains': {
      let out = '';
      let x = -120;
      while (x < W + 100) {
        const w = r.range(260, 420),
          h = r.range(180, 300);
        const peak = x + w / 2;
        const col = mix('#5d6d86', sky.haze, 0.4);
        out += `<path d="M${r1(x)} ${HORIZON + 20} L${r1(peak)} ${r1(HORIZON - h)} L${r1(x + w)} ${HORIZON + 20} Z" fill="${col}"/>`;
        out += `<path d="M${r1(peak)} ${r1(HORIZON - h)} L${r1(peak - w * 0.14)} ${r1(HORIZON - h + h * 0.28)} L${r1(peak - w * 0.04)} ${r1(HORIZON - h + h * 0.22)} L${r1(peak + w * 0.05)} ${r1(HORIZON - h + h * 0.3)} L${r1(peak + w * 0.14)} ${r1(HORIZON - h + h * 0.28)} Z" fill="#f4f6fb" opacity="0.92"/>`;
        x += w * r.range(0.5, 0.8);
      }
      return `${out}<path d="${wavePath(r, HORIZON + 20, 16, 6)}" fill="${near}"/>`;
    }
    case 'table-mountain': {
      const col = mix('#56657a', sky.haze, 0.35);
      const x0 = r.range(80, 260),
        x1 = x0 + r.range(620, 820),
        top = HORIZON - r.range(230, 270);
      return `<path d="M${r1(x0 - 160)} ${HORIZON + 10} L${r1(x0)} ${r1(top + 14)} Q${r1(x0 + 10)} ${r1(top)} ${r1(x0 + 40)} ${r1(top)} L${r1(x1 - 40)} ${r1(top)} Q${r1(x1 - 10)} ${r1(top)} ${r1(x1)} ${r1(top + 20)} L${r1(x1 + 200)} ${HORIZON + 10} Z" fill="${col}"/><path d="M${r1(x0 + 40)} ${r1(top)} L${r1(x1 - 40)} ${r1(top)} L${r1(x1 - 80)} ${r1(top + 10)} L${r1(x0 + 60)} ${r1(top + 10)} Z" fill="#ffffff" opacity="0.55"/><path d="${wavePath(r, HORIZON + 10, 12, 6)}" fill="${mix('#4f6f9a', sky.haze, 0.3)}"/><path d="${wavePath(r, HORIZON + 40, 10, 7)}" fill="url(#water)"/>`;
    }
    case 'sea': {
      let out = `<rect x="0" y="${HORIZON - 60}" width="${W}" height="${H - HORIZON + 60}" fill="url(#water)"/>`;
      for (let i = 0; i < 14; i++) {
        out += `<rect x="${r1(r.range(0, W - 120))}" y="${r1(r.range(HORIZON - 50, HORIZON + 60))}" width="${r1(r.range(40, 160))}" height="3" rx="1.5" fill="#fff" opacity="${r1(r.range(0.2, 0.5))}"/>`;
      }
      if (r.chance(0.7)) {
        const bx = r.range(100, W - 200),
          by = HORIZON - 40;
        out += `<g transform="translate(${r1(bx)} ${by})"><path d="M0 0 L70 0 L58 14 L10 14 Z" fill="#f4f1de"/><path d="M34 -2 L34 -70 L64 -4 Z" fill="#fff"/><path d="M30 -4 L30 -56 L8 -4 Z" fill="#e9e4d0"/></g>`;
      }
      return `${out}<path d="${wavePath(r, HORIZON + 30, 14, 5)}" fill="${mix('#e6cf9b', sky.haze, 0.2)}"/>`;
    }
    case 'river': {
      let out = skylineLayer(sky, r, HORIZON - 20, 0.55);
      out += `<rect x="0" y="${HORIZON - 20}" width="${W}" height="90" fill="url(#water)"/>`;
      for (let i = 0; i < 3; i++) {
        const bx = r.range(40, W - 160),
          by = HORIZON + r.range(5, 40);
        out += `<g transform="translate(${r1(bx)} ${r1(by)})"><path d="M0 0 Q60 18 120 0 L110 12 Q60 24 10 12 Z" fill="${r.pick(['#8c3b2f', '#2f6b8c', '#3c7d4a', '#c9932e'])}"/><path d="M30 0 Q60 -26 90 0 Z" fill="#d7c49e"/></g>`;
      }
      return out;
    }
    case 'city':
    default:
      return skylineLayer(sky, r, HORIZON + 20, 1);
  }
}

function skylineLayer(sky: Sky, r: Rng, base: number, scale: number): string {
  let out = '';
  const layers = [
    { col: mix('#7d8ba3', sky.haze, 0.55), hMin: 120, hMax: 320 },
    { col: mix('#56627a', sky.haze, 0.35), hMin: 80, hMax: 240 },
  ];
  for (const layer of layers) {
    let x = r.range(-40, 0);
    while (x < W) {
      const w = r.range(50, 120) * scale,
        h = r.range(layer.hMin, layer.hMax) * scale;
      out += `<rect x="${r1(x)}" y="${r1(base - h)}" width="${r1(w)}" height="${r1(h)}" fill="${layer.col}"/>`;
      if (r.chance(0.15))
        out += `<rect x="${r1(x + w / 2 - 2)}" y="${r1(base - h - 40 * scale)}" width="4" height="${r1(40 * scale)}" fill="${layer.col}"/>`;
      if (sky.lit) {
        for (let wy = base - h + 12; wy < base - 14; wy += 18 * scale) {
          for (let wx = x + 8; wx < x + w - 10; wx += 14 * scale) {
            if (r.chance(0.35))
              out += `<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1(6 * scale)}" height="${r1(8 * scale)}" fill="#ffd98a" opacity="0.85"/>`;
          }
        }
      }
      x += w + r.range(2, 14);
    }
  }
  return out;
}

// ---------------------------------------------------------------- foreground

function tree(kind: 'round' | 'pine' | 'palm' | 'cypress', x: number, ground: number, s: number, r: Rng): string {
  const leaf = r.pick(['#3f7d4e', '#4f8a3c', '#2e6b4f', '#5a9a52', '#3b6e3a']);
  const dark = mix(leaf, '#0b2a14', 0.35);
  switch (kind) {
    case 'pine':
      return `<g transform="translate(${r1(x)} ${r1(ground)}) scale(${r1(s * 10) / 10})"><rect x="-6" y="-40" width="12" height="40" fill="#5b3a29"/><path d="M0 -220 L-50 -110 L-30 -110 L-70 -30 L70 -30 L30 -110 L50 -110 Z" fill="${dark}"/><path d="M0 -220 L-50 -110 L-30 -110 L-70 -30 L0 -30 Z" fill="${leaf}"/></g>`;
    case 'cypress':
      return `<g transform="translate(${r1(x)} ${r1(ground)}) scale(${r1(s * 10) / 10})"><rect x="-4" y="-20" width="8" height="20" fill="#5b3a29"/><ellipse cx="0" cy="-120" rx="26" ry="110" fill="${dark}"/><ellipse cx="-6" cy="-124" rx="14" ry="100" fill="${leaf}"/></g>`;
    case 'palm': {
      let leaves = '';
      for (let i = 0; i < 7; i++) {
        const a = -170 + i * 27 + r.range(-6, 6);
        leaves += `<path d="M0 0 Q40 -26 95 6 Q44 -8 0 6 Z" fill="${i % 2 ? leaf : dark}" transform="rotate(${r1(a + 90)})"/>`;
      }
      return `<g transform="translate(${r1(x)} ${r1(ground)}) scale(${r1(s * 10) / 10})"><path d="M-6 0 Q-20 -120 10 -230 L20 -228 Q-6 -120 8 0 Z" fill="#8a6a45"/><g transform="translate(14 -230)">${leaves}</g></g>`;
    }
    case 'round':
    default:
      return `<g transform="translate(${r1(x)} ${r1(ground)}) scale(${r1(s * 10) / 10})"><rect x="-8" y="-70" width="16" height="70" fill="#6b4a32"/><circle cx="-34" cy="-100" r="46" fill="${dark}"/><circle cx="30" cy="-104" r="50" fill="${dark}"/><circle cx="0" cy="-140" r="56" fill="${leaf}"/><circle cx="-20" cy="-110" r="40" fill="${leaf}"/></g>`;
  }
}

interface Win {
  x: number;
  y: number;
  w: number;
  h: number;
  arch?: boolean;
  frame: string;
}

function windowShape(win: Win, lit: boolean, on: boolean): string {
  const fill = lit && on ? 'url(#lit)' : 'url(#glass)';
  const { x, y, w, h } = win;
  const shape = win.arch
    ? `<path d="M${r1(x)} ${r1(y + h)} L${r1(x)} ${r1(y + w / 2)} A${r1(w / 2)} ${r1(w / 2)} 0 0 1 ${r1(x + w)} ${r1(y + w / 2)} L${r1(x + w)} ${r1(y + h)} Z" fill="${fill}" stroke="${win.frame}" stroke-width="5"/>`
    : `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}" stroke="${win.frame}" stroke-width="5"/>`;
  const mullions = `<path d="M${r1(x + w / 2)} ${r1(y + (win.arch ? 4 : 0))} V${r1(y + h)} M${r1(x)} ${r1(y + h * 0.5)} H${r1(x + w)}" stroke="${win.frame}" stroke-width="3"/>`;
  const shine =
    lit && on
      ? ''
      : `<path d="M${r1(x + 6)} ${r1(y + h - 8)} L${r1(x + w * 0.4)} ${r1(y + (win.arch ? w / 2 : 8))}" stroke="#fff" stroke-width="4" opacity="0.45"/>`;
  return shape + shine + mullions;
}

interface Built {
  body: string;
  windows: Win[];
  ground: number;
  left: number;
  right: number;
}

function buildingLayer(kind: BuildingKind, r: Rng, sky: Sky): Built {
  const wall = r.pick(WALLS),
    roof = r.pick(ROOFS),
    door = r.pick(DOORS),
    accent = r.pick(ACCENTS);
  const frame = r.pick(['#ffffff', '#f5f0e6', '#3a3a3a', '#5a4636']);
  const ground = 720;
  const windows: Win[] = [];
  const cx = W / 2 + r.range(-120, 120);
  let body = '';
  let left = 0,
    right = 0;
  switch (kind) {
    case 'apartment': {
      const floors = r.int(4, 6),
        cols = r.int(3, 4);
      const fh = 74,
        bw = cols * 92 + 40,
        bh = floors * fh + 40;
      left = cx - bw / 2;
      right = cx + bw / 2;
      const top = ground - bh;
      // Neighbours, so it reads as a street.
      const nl = r.pick(WALLS),
        nr = r.pick(WALLS);
      body += `<rect x="${r1(left - 190)}" y="${r1(top + 70)}" width="190" height="${r1(bh - 70)}" fill="${mix(nl, '#7a7a7a', 0.25)}"/><rect x="${r1(right)}" y="${r1(top + 40)}" width="200" height="${r1(bh - 40)}" fill="${mix(nr, '#7a7a7a', 0.25)}"/>`;
      for (let f = 0; f < floors - 1; f++) {
        for (let c = 0; c < 2; c++) {
          windows.push({ x: left - 170 + c * 90, y: top + 90 + f * fh, w: 50, h: 48, frame: '#f2f2f2' });
          windows.push({ x: right + 24 + c * 92, y: top + 60 + f * fh, w: 50, h: 48, frame: '#f2f2f2' });
        }
      }
      body += `<rect x="${r1(left)}" y="${r1(top)}" width="${r1(bw)}" height="${r1(bh)}" fill="${wall}"/><rect x="${r1(left - 8)}" y="${r1(top - 14)}" width="${r1(bw + 16)}" height="18" fill="${mix(wall, '#555555', 0.35)}"/><rect x="${r1(right - 40)}" y="${r1(top)}" width="40" height="${r1(bh)}" fill="url(#shade)"/>`;
      for (let f = 0; f < floors; f++) {
        const fy = top + 24 + f * fh;
        for (let c = 0; c < cols; c++) {
          const wx = left + 34 + c * 92;
          if (f === floors - 1 && c === Math.floor(cols / 2)) continue;
          windows.push({ x: wx, y: fy, w: 52, h: 54, frame });
        }
        if (f < floors - 1 && f % 2 === 0) {
          body += `<rect x="${r1(left + 24)}" y="${r1(fy + 52)}" width="${r1(bw - 48)}" height="5" fill="${accent}"/>`;
          body += `<path d="${Array.from({ length: Math.floor((bw - 48) / 12) }, (_, i) => `M${r1(left + 28 + i * 12)} ${r1(fy + 34)} V${r1(fy + 54)}`).join(' ')}" stroke="${mix(accent, '#222222', 0.3)}" stroke-width="2"/><rect x="${r1(left + 24)}" y="${r1(fy + 32)}" width="${r1(bw - 48)}" height="3" fill="${mix(accent, '#222222', 0.3)}"/>`;
        }
      }
      const dx = left + 34 + Math.floor(cols / 2) * 92;
      body += `<rect x="${r1(dx - 4)}" y="${ground - 66}" width="60" height="66" fill="${door}"/><rect x="${r1(dx - 14)}" y="${ground - 76}" width="80" height="10" fill="${accent}"/>`;
      break;
    }
    case 'cabin': {
      const bw = 420,
        bh = 300;
      left = cx - bw / 2;
      right = cx + bw / 2;
      const wood = r.pick(['#8b5a3c', '#a06b43', '#7a4e33', '#6e4a2f']);
      body += `<rect x="${r1(left - 30)}" y="${ground - 26}" width="${bw + 60}" height="26" fill="${mix(wood, '#000000', 0.25)}"/>`;
      body += `<path d="M${r1(left)} ${ground - 26} L${r1(cx)} ${ground - 26 - bh} L${r1(right)} ${ground - 26} Z" fill="${wood}"/>`;
      body += `<path d="${Array.from({ length: 9 }, (_, i) => `M${r1(left + 30 + i * 40)} ${ground - 26} V${r1(ground - 26 - Math.max(0, bh - Math.abs(left + 30 + i * 40 - cx) * (bh / (bw / 2))))}`).join(' ')}" stroke="${mix(wood, '#000000', 0.3)}" stroke-width="2"/>`;
      body += `<path d="M${r1(left - 40)} ${ground - 10} L${r1(cx)} ${ground - 46 - bh} L${r1(right + 40)} ${ground - 10} L${r1(right + 6)} ${ground - 10} L${r1(cx)} ${ground - 14 - bh} L${r1(left - 6)} ${ground - 10} Z" fill="${roof}"/>`;
      const gy = ground - 26 - bh * 0.72;
      body += `<path d="M${r1(cx)} ${r1(gy)} L${r1(cx - 110)} ${ground - 120} L${r1(cx + 110)} ${ground - 120} Z" fill="${sky.lit ? 'url(#lit)' : 'url(#glass)'}" stroke="${frame}" stroke-width="5"/><path d="M${r1(cx)} ${r1(gy)} V${ground - 120} M${r1(cx - 70)} ${ground - 160} H${r1(cx + 70)}" stroke="${frame}" stroke-width="3"/>`;
      windows.push({ x: cx - 110, y: ground - 110, w: 70, h: 70, frame });
      windows.push({ x: cx + 40, y: ground - 110, w: 70, h: 70, frame });
      body += `<rect x="${r1(cx - 30)}" y="${ground - 112}" width="60" height="86" fill="${door}"/>`;
      body += `<rect x="${r1(right + 20)}" y="${ground - 40}" width="40" height="30" fill="#6b4a32"/><path d="M${r1(right + 16)} ${ground - 40} h48" stroke="#4a3322" stroke-width="4"/>`;
      break;
    }
    case 'villa': {
      const bw = 560,
        bh = 180,
        upper = r.range(0.45, 0.6);
      left = cx - bw / 2;
      right = cx + bw / 2;
      const villaWall = r.pick(['#fbf7ef', '#f6ecdc', '#f3e3cf', '#fff8ee', '#f2dcc2']);
      body += `<rect x="${r1(left)}" y="${ground - bh}" width="${bw}" height="${bh}" fill="${villaWall}"/><rect x="${r1(left - 10)}" y="${ground - bh - 12}" width="${bw + 20}" height="14" fill="${mix(villaWall, '#8a7a66', 0.35)}"/>`;
      const uw = bw * upper,
        ux = r.chance(0.5) ? left + 20 : right - 20 - uw;
      body += `<rect x="${r1(ux)}" y="${ground - bh - 150}" width="${r1(uw)}" height="140" fill="${villaWall}"/><rect x="${r1(ux - 8)}" y="${ground - bh - 162}" width="${r1(uw + 16)}" height="14" fill="${mix(villaWall, '#8a7a66', 0.35)}"/><rect x="${r1(ux + uw - 30)}" y="${ground - bh - 150}" width="30" height="140" fill="url(#shade)"/>`;
      if (r.chance(0.6)) {
        body += `<path d="M${r1(ux - 6)} ${ground - bh - 160} L${r1(ux + uw / 2)} ${ground - bh - 215} L${r1(ux + uw + 6)} ${ground - bh - 160} Z" fill="${r.pick(['#b5653f', '#a8452f', '#c0714a'])}"/>`;
      }
      const n = Math.floor(uw / 90);
      for (let i = 0; i < n; i++)
        windows.push({ x: ux + 28 + i * 90, y: ground - bh - 128, w: 52, h: 86, arch: true, frame: accent });
      for (let i = 0; i < 5; i++) {
        if (i === 2) continue;
        windows.push({ x: left + 34 + i * 108, y: ground - bh + 40, w: 64, h: 100, arch: true, frame: accent });
      }
      body += `<path d="M${r1(left + 34 + 2 * 108)} ${ground} V${ground - bh + 76} A36 36 0 0 1 ${r1(left + 34 + 2 * 108 + 72)} ${ground - bh + 76} V${ground} Z" fill="${door}"/>`;
      // Bougainvillea.
      for (let i = 0; i < 14; i++)
        body += `<circle cx="${r1(left + r.range(0, 60))}" cy="${r1(ground - r.range(20, bh))}" r="${r1(r.range(8, 16))}" fill="${r.pick(['#d63384', '#e75a9b', '#c2255c'])}"/>`;
      break;
    }
    case 'townhouse': {
      const count = 3;
      const bw = 170;
      left = cx - (bw * count) / 2;
      right = cx + (bw * count) / 2;
      for (let b = 0; b < count; b++) {
        const x = left + b * bw;
        const floors = r.int(4, 5);
        const top = ground - floors * 80 - 20;
        const w2 = r.pick(WALLS);
        body += `<rect x="${r1(x)}" y="${r1(top)}" width="${bw}" height="${r1(ground - top)}" fill="${w2}" stroke="${mix(w2, '#555555', 0.3)}" stroke-width="2"/>`;
        body += `<path d="M${r1(x - 4)} ${r1(top)} L${r1(x + 18)} ${r1(top - 70)} L${r1(x + bw - 18)} ${r1(top - 70)} L${r1(x + bw + 4)} ${r1(top)} Z" fill="${roof}"/>`;
        body += `<rect x="${r1(x + bw / 2 - 20)}" y="${r1(top - 56)}" width="40" height="44" fill="${w2}"/><path d="M${r1(x + bw / 2 - 26)} ${r1(top - 56)} L${r1(x + bw / 2)} ${r1(top - 78)} L${r1(x + bw / 2 + 26)} ${r1(top - 56)} Z" fill="${roof}"/>`;
        windows.push({ x: x + bw / 2 - 14, y: top - 50, w: 28, h: 34, frame });
        for (let f = 0; f < floors; f++) {
          const fy = top + 20 + f * 80;
          for (let c = 0; c < 2; c++) {
            const wx = x + 28 + c * 70;
            if (f === floors - 1 && c === 0) {
              body += `<path d="M${r1(wx)} ${ground} V${r1(fy + 8)} A22 22 0 0 1 ${r1(wx + 44)} ${r1(fy + 8)} V${ground} Z" fill="${r.pick(DOORS)}"/>`;
              continue;
            }
            windows.push({ x: wx, y: fy, w: 44, h: 60, frame });
            if (f > 0 && f < floors - 1) {
              body += `<path d="M${r1(wx - 6)} ${r1(fy + 44)} h56 M${r1(wx - 6)} ${r1(fy + 60)} h56 ${Array.from({ length: 8 }, (_, i) => `M${r1(wx - 4 + i * 7)} ${r1(fy + 44)} v16`).join(' ')}" stroke="#2b2b2b" stroke-width="2.5"/>`;
            }
          }
        }
      }
      break;
    }
    case 'house':
    default: {
      const bw = r.range(420, 500),
        bh = r.range(200, 240);
      left = cx - bw / 2;
      right = cx + bw / 2;
      const top = ground - bh;
      const pitch = r.range(110, 160);
      body += `<rect x="${r1(right - 120)}" y="${r1(top - pitch + 20)}" width="36" height="${r1(pitch * 0.8)}" fill="${mix(roof, '#6b4a32', 0.5)}"/>`;
      body += `<rect x="${r1(left)}" y="${r1(top)}" width="${r1(bw)}" height="${r1(bh)}" fill="${wall}"/><rect x="${r1(right - 36)}" y="${r1(top)}" width="36" height="${r1(bh)}" fill="url(#shade)"/>`;
      body += `<path d="M${r1(left - 30)} ${r1(top + 6)} L${r1(cx)} ${r1(top - pitch)} L${r1(right + 30)} ${r1(top + 6)} Z" fill="${roof}"/><path d="M${r1(left - 30)} ${r1(top + 6)} L${r1(cx)} ${r1(top - pitch)} L${r1(cx)} ${r1(top - pitch + 14)} L${r1(left - 10)} ${r1(top + 6)} Z" fill="${mix(roof, '#000000', 0.2)}"/>`;
      windows.push({ x: cx - 26, y: top - pitch * 0.62, w: 52, h: 52, arch: true, frame });
      const wy = top + 46;
      windows.push({ x: left + 40, y: wy, w: 84, h: 86, frame });
      windows.push({ x: right - 124, y: wy, w: 84, h: 86, frame });
      body += `<rect x="${r1(left + 30)}" y="${r1(wy + 86)}" width="104" height="12" fill="${accent}"/><rect x="${r1(right - 134)}" y="${r1(wy + 86)}" width="104" height="12" fill="${accent}"/>`;
      for (let i = 0; i < 6; i++)
        body += `<circle cx="${r1(left + 40 + i * 16)}" cy="${r1(wy + 84)}" r="7" fill="${r.pick(['#e63946', '#f4a261', '#e9c46a', '#ffffff'])}"/>`;
      body += `<rect x="${r1(cx - 34)}" y="${ground - 120}" width="68" height="120" fill="${door}"/><circle cx="${r1(cx + 20)}" cy="${ground - 60}" r="4" fill="#f2cc8f"/><path d="M${r1(cx - 52)} ${ground - 126} h104 l-12 -18 h-80 Z" fill="${roof}"/>`;
      if (r.chance(0.6)) {
        body += `<path d="${Array.from({ length: 10 }, (_, i) => `M${r1(left - 200 + i * 18)} ${ground} v-44`).join(' ')} M${r1(left - 206)} ${ground - 34} h180 M${r1(left - 206)} ${ground - 14} h180" stroke="#fafafa" stroke-width="6"/>`;
      }
      break;
    }
  }
  return { body, windows, ground, left, right };
}

function groundLayer(backdrop: Backdrop, building: BuildingKind, r: Rng, sky: Sky, ground: number, cx: number): string {
  const grass = mix(r.pick(['#6fa55a', '#7fb069', '#5c9a4e', '#88b04b']), sky.haze, 0.15);
  const urban = building === 'apartment' || building === 'townhouse' || backdrop === 'city' || backdrop === 'river';
  const sandy = backdrop === 'sea' || building === 'villa';
  const base = urban ? '#9b9b9b' : sandy ? mix('#e3c99a', grass, 0.25) : grass;
  let out = `<rect x="0" y="${ground - 40}" width="${W}" height="${H - ground + 40}" fill="${base}"/>`;
  if (urban) {
    out += `<rect x="0" y="${ground}" width="${W}" height="40" fill="#c9c4ba"/><rect x="0" y="${ground + 40}" width="${W}" height="${H - ground - 40}" fill="#55575c"/>`;
    for (let x = 20; x < W; x += 140)
      out += `<rect x="${x}" y="${ground + 86}" width="70" height="8" fill="#f1f1f1" opacity="0.8"/>`;
  } else {
    out += `<path d="M${r1(cx - 40)} ${ground} L${r1(cx + 40)} ${ground} L${r1(cx + 120)} ${H} L${r1(cx - 120)} ${H} Z" fill="${mix('#d9c7a3', base, 0.2)}"/>`;
    for (let i = 0; i < 40; i++)
      out += `<path d="M${r1(r.range(0, W))} ${r1(r.range(ground + 10, H))} l4 -12 l4 12" stroke="${mix(base, '#1f4d1f', 0.4)}" stroke-width="2" fill="none"/>`;
  }
  return out;
}

// ---------------------------------------------------------------- scenes

const BUILDINGS: readonly BuildingKind[] = ['house', 'apartment', 'cabin', 'villa', 'townhouse'];
const BACKDROPS: readonly Backdrop[] = ['hills', 'sea', 'city', 'mountains'];
const TIMES: readonly TimeOfDay[] = ['dawn', 'day', 'day', 'golden', 'golden', 'dusk', 'night'];

export function exteriorSvg(scene: Omit<ExteriorScene, 'kind'>): string {
  const r = rng(scene.seed);
  const building = scene.building ?? r.pick(BUILDINGS);
  const backdrop = scene.backdrop ?? r.pick(BACKDROPS);
  const time = scene.time ?? r.pick(TIMES);
  const sky = SKIES[time];
  const built = buildingLayer(building, r, sky);
  const cx = (built.left + built.right) / 2;
  const treeKind =
    building === 'cabin' || backdrop === 'mountains'
      ? 'pine'
      : building === 'villa' || backdrop === 'sea' || backdrop === 'table-mountain'
        ? 'palm'
        : backdrop === 'hills' && r.chance(0.4)
          ? 'cypress'
          : 'round';
  let trees = '';
  const spots = [built.left - r.range(60, 160), built.right + r.range(60, 170)];
  if (r.chance(0.5)) spots.push(r.range(40, 140));
  if (r.chance(0.5)) spots.push(W - r.range(40, 120));
  for (const x of spots) trees += tree(treeKind, x, built.ground + r.range(6, 30), r.range(0.8, 1.25), r);
  let pool = '';
  if (building === 'villa') {
    pool = `<rect x="${r1(cx - 240)}" y="${built.ground + 34}" width="480" height="62" rx="6" fill="#f1ede4"/><rect x="${r1(cx - 226)}" y="${built.ground + 42}" width="452" height="46" rx="4" fill="url(#pool)"/>`;
    for (let i = 0; i < 6; i++)
      pool += `<path d="M${r1(cx - 200 + i * 72)} ${built.ground + 60} q12 -6 24 0 t24 0" stroke="#e8fbff" stroke-width="3" fill="none" opacity="0.8"/>`;
  }
  const windowsBefore = sky.lit ? '' : built.windows.map((w) => windowShape(w, false, false)).join('');
  const windowsAfter = sky.lit ? built.windows.map((w) => windowShape(w, true, r.chance(0.7))).join('') : '';
  const tint =
    sky.tint.opacity > 0
      ? `<rect width="${W}" height="${H}" fill="${sky.tint.color}" opacity="${sky.tint.opacity}"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(sky)}${skyLayer(sky, r)}${backdropLayer(backdrop, sky, r)}${groundLayer(backdrop, building, r, sky, built.ground, cx)}${built.body}${windowsBefore}${pool}${trees}${tint}${windowsAfter}</svg>`;
}

export function interiorSvg(scene: Omit<InteriorScene, 'kind'>): string {
  const r = rng(scene.seed + 7919);
  const room = scene.room ?? r.pick(['living', 'bedroom', 'kitchen'] as const);
  const time = scene.time ?? r.pick(['day', 'day', 'golden', 'dusk', 'night'] as const);
  const sky = SKIES[time];
  const wall = r.pick(['#f3ede2', '#e9dccb', '#dfe8e1', '#f1e0d6', '#e3e7ef', '#f6efd9', '#d9cfc1']);
  const floorY = 600;
  const floor = r.pick(['#b98b5e', '#a4774f', '#c79d6f', '#8c6a4f', '#d2b48c']);
  const fabric = r.pick(['#3d5a80', '#81b29a', '#e07a5f', '#6d597a', '#2a9d8f', '#bc6c25', '#52796f']);
  const accent = r.pick(ACCENTS);
  // Window to the outside.
  const wx = r.range(120, 760),
    ww = r.range(300, 380),
    wy = 110,
    wh = 300;
  let view = `<rect x="${r1(wx)}" y="${wy}" width="${r1(ww)}" height="${wh}" fill="url(#sky)"/>`;
  view += `<path d="M${r1(wx)} ${wy + wh} L${r1(wx)} ${r1(wy + wh * 0.62)} Q${r1(wx + ww * 0.3)} ${r1(wy + wh * 0.45)} ${r1(wx + ww * 0.6)} ${r1(wy + wh * 0.6)} T${r1(wx + ww)} ${r1(wy + wh * 0.55)} L${r1(wx + ww)} ${wy + wh} Z" fill="${mix('#5f8a5a', sky.haze, 0.4)}"/>`;
  if (sky.sun) view += `<circle cx="${r1(wx + ww * 0.7)}" cy="${wy + 90}" r="26" fill="${sky.sun}"/>`;
  if (sky.moon) view += `<circle cx="${r1(wx + ww * 0.7)}" cy="${wy + 80}" r="18" fill="#f4f1de"/>`;
  const frame = `<rect x="${r1(wx)}" y="${wy}" width="${r1(ww)}" height="${wh}" fill="none" stroke="#fbfaf7" stroke-width="14"/><path d="M${r1(wx + ww / 2)} ${wy} V${wy + wh}" stroke="#fbfaf7" stroke-width="8"/><rect x="${r1(wx - 20)}" y="${wy + wh}" width="${r1(ww + 40)}" height="14" fill="#fbfaf7"/>`;
  const curtain = `<path d="M${r1(wx - 50)} 90 H${r1(wx + 10)} Q${r1(wx - 10)} 300 ${r1(wx + 20)} 470 H${r1(wx - 50)} Z" fill="${fabric}" opacity="0.85"/><path d="M${r1(wx + ww + 50)} 90 H${r1(wx + ww - 10)} Q${r1(wx + ww + 10)} 300 ${r1(wx + ww - 20)} 470 H${r1(wx + ww + 50)} Z" fill="${fabric}" opacity="0.85"/><rect x="${r1(wx - 70)}" y="84" width="${r1(ww + 140)}" height="8" rx="4" fill="#4a4a4a"/>`;
  let planks = '';
  for (let y = floorY + 24; y < H; y += 30)
    planks += `<path d="M0 ${y} H${W}" stroke="${mix(floor, '#000000', 0.15)}" stroke-width="2"/>`;
  for (let i = 0; i < 18; i++)
    planks += `<path d="M${r1(r.range(0, W))} ${r1(floorY + 24 + r.int(0, 8) * 30)} v30" stroke="${mix(floor, '#000000', 0.15)}" stroke-width="2"/>`;
  // Art on the wall: a few abstract shapes.
  const ax = wx > 600 ? r.range(140, 420) : r.range(W - 440, W - 220),
    ay = 150;
  const art = `<rect x="${r1(ax)}" y="${ay}" width="190" height="140" fill="#fdfcf8" stroke="#3a3a3a" stroke-width="8"/><circle cx="${r1(ax + 70)}" cy="${ay + 66}" r="34" fill="${accent}"/><rect x="${r1(ax + 100)}" y="${ay + 40}" width="60" height="70" fill="${fabric}" opacity="0.8"/><path d="M${r1(ax + 20)} ${ay + 118} Q${r1(ax + 95)} ${ay + 80} ${r1(ax + 170)} ${ay + 118}" stroke="#3a3a3a" stroke-width="4" fill="none"/>`;
  const plant = (px: number) =>
    `<g transform="translate(${r1(px)} ${floorY + 40})"><path d="M-34 0 L34 0 L26 -70 L-26 -70 Z" fill="${r.pick(['#c86b4a', '#f1ede4', '#3a3a3a', '#d9a441'])}"/>${Array.from({ length: 7 }, (_, i) => `<path d="M0 -70 Q${-60 + i * 20} ${-150 - (i % 3) * 30} ${-80 + i * 27} ${-200 + (i % 2) * 40}" stroke="#3f7d4e" stroke-width="10" fill="none" stroke-linecap="round"/>`).join('')}</g>`;
  const lampOn = sky.lit;
  const lamp = (lx: number) =>
    `<g transform="translate(${r1(lx)} ${floorY + 40})"><rect x="-30" y="-4" width="60" height="8" rx="4" fill="#333"/><rect x="-3" y="-300" width="6" height="296" fill="#333"/>${lampOn ? '<circle cx="0" cy="-300" r="120" fill="url(#glow)"/>' : ''}<path d="M-46 -280 L46 -280 L30 -350 L-30 -350 Z" fill="${lampOn ? '#ffe9b0' : '#f1ede4'}"/></g>`;
  let furniture = '';
  switch (room) {
    case 'bedroom': {
      const bx = r.range(300, 560);
      furniture += `<rect x="${r1(bx)}" y="${floorY - 170}" width="420" height="150" rx="14" fill="${mix(floor, '#000000', 0.25)}"/>`;
      furniture += `<rect x="${r1(bx - 10)}" y="${floorY - 40}" width="440" height="130" rx="12" fill="#fbfaf7"/><path d="M${r1(bx - 10)} ${floorY + 10} H${r1(bx + 430)} V${floorY + 80} Q${r1(bx + 430)} ${floorY + 96} ${r1(bx + 414)} ${floorY + 96} H${r1(bx + 6)} Q${r1(bx - 10)} ${floorY + 96} ${r1(bx - 10)} ${floorY + 80} Z" fill="${fabric}"/>`;
      furniture += `<rect x="${r1(bx + 30)}" y="${floorY - 76}" width="150" height="56" rx="24" fill="#ffffff" stroke="#e6e1d6" stroke-width="3"/><rect x="${r1(bx + 230)}" y="${floorY - 76}" width="150" height="56" rx="24" fill="#ffffff" stroke="#e6e1d6" stroke-width="3"/><rect x="${r1(bx + 150)}" y="${floorY - 60}" width="120" height="44" rx="18" fill="${accent}"/>`;
      for (const nx of [bx - 110, bx + 450]) {
        furniture += `<rect x="${r1(nx)}" y="${floorY - 60}" width="90" height="100" rx="6" fill="${mix(floor, '#ffffff', 0.2)}"/><rect x="${r1(nx + 36)}" y="${floorY - 110}" width="18" height="50" fill="#555"/>${lampOn ? `<circle cx="${r1(nx + 45)}" cy="${floorY - 130}" r="70" fill="url(#glow)"/>` : ''}<path d="M${r1(nx + 15)} ${floorY - 110} h60 l-12 -40 h-36 Z" fill="${lampOn ? '#ffe9b0' : '#f1ede4'}"/>`;
      }
      furniture += plant(W - 90);
      break;
    }
    case 'kitchen': {
      const top = floorY - 150;
      furniture += `<rect x="0" y="${top}" width="${W}" height="150" fill="${mix(fabric, '#ffffff', 0.25)}"/><rect x="0" y="${top - 16}" width="${W}" height="18" fill="#e9e4da"/>`;
      for (let x = 20; x < W; x += 150)
        furniture += `<rect x="${x}" y="${top + 14}" width="130" height="120" rx="6" fill="none" stroke="${mix(fabric, '#000000', 0.2)}" stroke-width="3"/><rect x="${x + 55}" y="${top + 24}" width="20" height="6" rx="3" fill="#c9c9c9"/>`;
      furniture += `<rect x="${r1(W / 2 - 260)}" y="${floorY - 40}" width="520" height="30" rx="6" fill="#e9e4da"/><rect x="${r1(W / 2 - 240)}" y="${floorY - 10}" width="480" height="120" fill="${mix(floor, '#000000', 0.2)}"/>`;
      for (let i = 0; i < 3; i++) {
        const sx = W / 2 - 180 + i * 180;
        furniture += `<rect x="${r1(sx - 30)}" y="${floorY + 40}" width="60" height="14" rx="7" fill="${accent}"/><path d="M${r1(sx - 22)} ${floorY + 54} l-8 120 M${r1(sx + 22)} ${floorY + 54} l8 120" stroke="#333" stroke-width="6"/>`;
        furniture += `<path d="M${r1(sx)} 0 V160" stroke="#333" stroke-width="3"/>${lampOn ? `<circle cx="${r1(sx)}" cy="200" r="80" fill="url(#glow)"/>` : ''}<path d="M${r1(sx - 40)} 200 Q${r1(sx)} 140 ${r1(sx + 40)} 200 Z" fill="${lampOn ? '#ffe9b0' : '#3a3a3a'}"/>`;
      }
      furniture += `<g transform="translate(${r1(W / 2 - 200)} ${floorY - 40})"><path d="M0 0 Q40 -60 80 0 Z" fill="#d9a441"/><circle cx="140" cy="-18" r="18" fill="#e63946"/><circle cx="170" cy="-16" r="16" fill="#f4a261"/><rect x="330" y="-60" width="24" height="60" rx="6" fill="#2a9d8f"/></g>`;
      break;
    }
    case 'living':
    default: {
      const sx = r.range(260, 560);
      furniture += `<ellipse cx="${r1(sx + 210)}" cy="${floorY + 150}" rx="360" ry="70" fill="${accent}" opacity="0.75"/>`;
      furniture += `<rect x="${r1(sx)}" y="${floorY - 110}" width="420" height="110" rx="26" fill="${fabric}"/><rect x="${r1(sx - 20)}" y="${floorY - 30}" width="460" height="110" rx="22" fill="${mix(fabric, '#000000', 0.12)}"/><rect x="${r1(sx + 10)}" y="${floorY - 44}" width="195" height="50" rx="16" fill="${mix(fabric, '#ffffff', 0.15)}"/><rect x="${r1(sx + 215)}" y="${floorY - 44}" width="195" height="50" rx="16" fill="${mix(fabric, '#ffffff', 0.15)}"/><rect x="${r1(sx + 40)}" y="${floorY - 96}" width="90" height="60" rx="16" fill="${mix(accent, '#ffffff', 0.3)}"/>`;
      furniture += `<path d="M${r1(sx)} ${floorY + 80} v20 M${r1(sx + 420)} ${floorY + 80} v20" stroke="#333" stroke-width="8"/>`;
      furniture += `<rect x="${r1(sx + 80)}" y="${floorY + 130}" width="260" height="22" rx="8" fill="${mix(floor, '#000000', 0.35)}"/><path d="M${r1(sx + 100)} ${floorY + 152} v50 M${r1(sx + 320)} ${floorY + 152} v50" stroke="${mix(floor, '#000000', 0.4)}" stroke-width="8"/><rect x="${r1(sx + 140)}" y="${floorY + 112}" width="60" height="18" rx="3" fill="#e9c46a"/><circle cx="${r1(sx + 260)}" cy="${floorY + 118}" r="14" fill="#f1ede4"/>`;
      furniture += lamp(sx - 80) + plant(sx + 520);
      break;
    }
  }
  const tint = sky.lit ? `<rect width="${W}" height="${H}" fill="#1a1430" opacity="0.18"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(sky)}<rect width="${W}" height="${floorY}" fill="${wall}"/><rect x="0" y="${floorY - 14}" width="${W}" height="14" fill="${mix(wall, '#8a7a66', 0.3)}"/>${view}${frame}${curtain}${art}<rect x="0" y="${floorY}" width="${W}" height="${H - floorY}" fill="${floor}"/>${planks}${tint}${furniture}</svg>`;
}

function sceneSvg(scene: Scene): string {
  return scene.kind === 'exterior' ? exteriorSvg(scene) : interiorSvg(scene);
}

// ---------------------------------------------------------------- rendering

/** Renders one SVG to the three WebP sizes and the share crop (from the same raster: no second decode). */
async function renderWebp(svg: string): Promise<{ detail: Buffer; medium: Buffer; card: Buffer; share: Buffer }> {
  const raster = await sharp(Buffer.from(svg))
    .resize(DEMO_IMAGE_SIZES.detail.width, DEMO_IMAGE_SIZES.detail.height, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = { raw: { width: raster.info.width, height: raster.info.height, channels: raster.info.channels } };
  const [detail, medium, card, share] = await Promise.all([
    sharp(raster.data, input).webp({ quality: 78, effort: 2 }).toBuffer(),
    sharp(raster.data, input)
      .resize(DEMO_IMAGE_SIZES.medium.width, DEMO_IMAGE_SIZES.medium.height, { fit: 'cover' })
      .webp({ quality: 78, effort: 2 })
      .toBuffer(),
    sharp(raster.data, input)
      .resize(DEMO_IMAGE_SIZES.card.width, DEMO_IMAGE_SIZES.card.height, { fit: 'cover' })
      .webp({ quality: 78, effort: 2 })
      .toBuffer(),
    sharp(raster.data, input)
      .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover' })
      .jpeg({ quality: 80 })
      .toBuffer(),
  ]);
  return { detail, medium, card, share };
}

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Draws, renders and stores one scene under `<key>-<hash>-1280.webp`, `…-960.webp`, `…-640.webp` and `…-1200x630.jpg`; returns the 1280 URL. */
async function storeDemoImage(storage: StorageProvider, key: string, scene: Scene): Promise<string> {
  if (!KEY.test(key)) throw new Error(`Demo image keys are lowercase letters, digits and dashes: ${key}`);
  const { detail, medium, card, share } = await renderWebp(sceneSvg(scene));
  const hash = createHash('sha256').update(detail).update(card).digest('hex').slice(0, 12);
  const name = `${key}-${hash}`;
  const detailKey = `${name}${DEMO_IMAGE_SIZES.detail.suffix}`;
  await Promise.all([
    storage.put(detailKey, detail, { contentType: 'image/webp', visibility: 'public' }),
    storage.put(`${name}${DEMO_IMAGE_SIZES.medium.suffix}`, medium, {
      contentType: 'image/webp',
      visibility: 'public',
    }),
    storage.put(`${name}${DEMO_IMAGE_SIZES.card.suffix}`, card, { contentType: 'image/webp', visibility: 'public' }),
    storage.put(shareKeyOf(detailKey)!, share, { contentType: 'image/jpeg', visibility: 'public' }),
  ]);
  return storage.publicUrl(detailKey);
}

/** Stores many scenes with bounded concurrency (sharp already uses the cores); URLs in input order. */
export async function storeDemoImages(
  storage: StorageProvider,
  items: readonly { key: string; scene: Scene }[],
  concurrency = 4,
): Promise<string[]> {
  const urls: string[] = new Array<string>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const item = items[i]!;
      urls[i] = await storeDemoImage(storage, item.key, item.scene);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return urls;
}

/** The card-size URL of a demo image URL (`...-1280.webp` -> `...-640.webp`). */
export function cardImageUrl(detailUrl: string): string {
  return detailUrl.endsWith(DEMO_IMAGE_SIZES.detail.suffix)
    ? detailUrl.slice(0, -DEMO_IMAGE_SIZES.detail.suffix.length) + DEMO_IMAGE_SIZES.card.suffix
    : detailUrl;
}
