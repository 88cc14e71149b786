/**
 * What the demo shop consists of: its people, the flange recipe with its drawing and four measurement
 * points, and the parts measured on it. Pure data, generated deterministically (a seeded generator), so
 * every run describes the same shop and a second run can recognise what the first one stored.
 */
import sharp from 'sharp';

export const DEMO_STATION = 'ST-DEFAULT';
export const DEMO_RECIPE = { code: 'DEMO-FLANGE', name: 'Flange DN50', description: 'Demo recipe' };

export interface DemoUser {
  username: string;
  display_name: string;
  /** For demonstration only: printed by `npm run demo`, never use these outside a demo install. */
  password: string;
  roles: ('Maker' | 'MeasurementTec' | 'Metrologist')[];
  is_admin: boolean;
  /** What the README calls the role. */
  role: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'mara',
    display_name: 'Mara Maker',
    password: 'demo-mara-2026',
    roles: ['Maker'],
    is_admin: false,
    role: 'maker',
  },
  {
    username: 'otto',
    display_name: 'Otto Operator',
    password: 'demo-otto-2026',
    roles: ['MeasurementTec'],
    is_admin: false,
    role: 'operator',
  },
  {
    username: 'meta',
    display_name: 'Meta Metrologist',
    password: 'demo-meta-2026',
    roles: ['Metrologist'],
    is_admin: false,
    role: 'metrologist',
  },
  {
    username: 'ada',
    display_name: 'Ada Admin',
    password: 'demo-ada-2026',
    roles: [],
    is_admin: true,
    role: 'admin',
  },
];

interface DemoPoint {
  marker_number: number;
  description: string;
  nominal: number;
  /** Lower and upper tolerance from nominal; the warning band is the inner half of each. */
  lower: number;
  upper: number;
  /** Where the marker sits on the drawing, as fractions of its width and height. */
  x: number;
  y: number;
}

export const DEMO_POINTS: DemoPoint[] = [
  { marker_number: 1, description: 'Outer Ø', nominal: 120, lower: -0.1, upper: 0.1, x: 0.86, y: 0.5 },
  { marker_number: 2, description: 'Bore Ø', nominal: 30, lower: 0, upper: 0.021, x: 0.55, y: 0.5 },
  { marker_number: 3, description: 'Thickness', nominal: 12, lower: -0.05, upper: 0.05, x: 0.5, y: 0.9 },
  { marker_number: 4, description: 'Hole circle Ø', nominal: 95, lower: -0.1, upper: 0.1, x: 0.5, y: 0.2 },
];

export const DEMO_PARTS = 80;
export const PARTS_PER_LOT = 20;
/** The part whose thickness was measured on a burr: one value far outside the others. */
export const OUTLIER_PART = 57;
/** Fixed, so a repeated or retried run is recognised by the service and stored once (batch_id). */
export const DEMO_BATCH_ID = '0d3e6f0a-5c1b-4d7e-9a26-000000000026';

export function subtaskOf(point: DemoPoint) {
  const { marker_number, description, nominal, lower, upper } = point;
  const round = (value: number) => Number(value.toFixed(4));
  return {
    marker_number,
    description,
    unit: 'mm',
    measurement_type: 'length',
    nominal,
    ltl: round(nominal + lower),
    lwl: round(nominal + lower / 2),
    uwl: round(nominal + upper / 2),
    utl: round(nominal + upper),
  };
}

export const demoAnnotations = () => ({
  markers: DEMO_POINTS.map(({ marker_number, x, y }) => ({ marker_number, x, y })),
});

/** mulberry32: a tiny seeded generator, so the demo data are the same on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoReading {
  marker_number: number;
  value: number;
  lot_number: string;
  serial_number: string;
}

/**
 * Every part's four readings: normal scatter around the middle of each tolerance, the outer diameter
 * drifting upwards by 0.06 mm over the run (tool wear), and one thickness outlier.
 */
export function demoReadings(): DemoReading[] {
  const random = seeded(26);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const readings: DemoReading[] = [];
  for (let part = 1; part <= DEMO_PARTS; part++) {
    const lot_number = `LOT-${String.fromCharCode(64 + Math.ceil(part / PARTS_PER_LOT))}`;
    const serial_number = `SN-${String(part).padStart(4, '0')}`;
    for (const point of DEMO_POINTS) {
      const width = point.upper - point.lower;
      let value = point.nominal + (point.lower + point.upper) / 2 + gauss() * (width / 10);
      if (point.marker_number === 1) value += 0.06 * (part / DEMO_PARTS) - 0.03;
      if (point.marker_number === 3 && part === OUTLIER_PART) value = point.nominal + 0.21;
      readings.push({
        marker_number: point.marker_number,
        value: Number(value.toFixed(3)),
        lot_number,
        serial_number,
      });
    }
  }
  return readings;
}

/** The flange drawing in section as a PNG (the format tasks show); the client draws the numbered
 * markers over it from the task's annotations. */
export function demoDrawing(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="560">
    <rect width="900" height="560" fill="#f7f7f2"/>
    <rect x="120" y="250" width="660" height="60" fill="none" stroke="#222" stroke-width="5"/>
    <rect x="390" y="250" width="120" height="60" fill="#ddd" stroke="#222" stroke-width="3"/>
    <line x1="90" y1="280" x2="810" y2="280" stroke="#888" stroke-dasharray="14 8" stroke-width="2"/>
    <line x1="120" y1="110" x2="780" y2="110" stroke="#444" stroke-width="2"/>
    <line x1="230" y1="250" x2="230" y2="200" stroke="#444" stroke-width="2"/>
    <line x1="670" y1="250" x2="670" y2="200" stroke="#444" stroke-width="2"/>
    <line x1="230" y1="200" x2="670" y2="200" stroke="#444" stroke-width="2"/>
    <line x1="120" y1="340" x2="120" y2="520" stroke="#444" stroke-width="2"/>
    <line x1="120" y1="505" x2="780" y2="505" stroke="#444" stroke-width="2"/>
    <text x="450" y="40" font-size="24" font-family="sans-serif" text-anchor="middle">Flange DN50 — section A–A</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
