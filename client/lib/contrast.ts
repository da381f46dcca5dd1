// WCAG 2.x contrast, as pure functions: used by tests/contrast.test.ts on the design tokens, and by
// components that paint a colour chosen at run time (event category chips) to pick a readable text colour.

export type Rgb = { r: number; g: number; b: number; a: number };

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() with numbers (commas or spaces, alpha as 0–1 or %). */
export function parseColor(value: string): Rgb {
  const text = value.trim().toLowerCase();
  if (text === "white") return { r: 255, g: 255, b: 255, a: 1 };
  if (text === "black") return { r: 0, g: 0, b: 0, a: 1 };
  if (text === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3,8})$/.exec(text);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length === 3 || digits.length === 4) digits = [...digits].map((d) => d + d).join("");
    if (digits.length !== 6 && digits.length !== 8) throw new Error(`not a colour: ${value}`);
    const n = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: digits.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(text);
  if (fn) {
    const parts = fn[1]!.split(/[\s,/]+/).filter(Boolean);
    const alpha = parts[3] === undefined ? 1 : parts[3].endsWith("%") ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
    return { r: parseFloat(parts[0]!), g: parseFloat(parts[1]!), b: parseFloat(parts[2]!), a: alpha };
  }
  throw new Error(`not a colour: ${value}`);
}

/** Paints `top` (possibly translucent) over an opaque `bottom`, as browsers do: in sRGB, per channel. */
export function composite(top: Rgb, bottom: Rgb): Rgb {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** `color-mix(in srgb, a p%, b)`: per channel in sRGB, with premultiplied alpha as CSS does (so mixing with `transparent` only lowers the alpha). */
export function mixSrgb(a: Rgb, percentOfA: number, b: Rgb): Rgb {
  const p = percentOfA / 100;
  const alpha = a.a * p + b.a * (1 - p);
  if (alpha === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (x: number, y: number) => (x * a.a * p + y * b.a * (1 - p)) / alpha;
  return { r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: alpha };
}

/** WCAG relative luminance of an opaque colour. */
function relativeLuminance(color: Rgb | string): number {
  const c = typeof color === "string" ? parseColor(color) : color;
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

/** WCAG contrast ratio (1–21) of a foreground over a background; a translucent foreground is painted on the background first. */
export function contrastRatio(foreground: Rgb | string, background: Rgb | string): number {
  const bg = typeof background === "string" ? parseColor(background) : background;
  if (bg.a < 1) throw new Error("contrastRatio needs an opaque background: composite it first");
  let fg = typeof foreground === "string" ? parseColor(foreground) : foreground;
  if (fg.a < 1) fg = composite(fg, bg);
  const [hi, lo] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHex(color: Rgb): string {
  const h = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, "0");
  return `#${h(color.r)}${h(color.g)}${h(color.b)}`;
}

/** Ink for text on a chip of any colour: white, else near-black. */
const CHIP_LIGHT_INK = "#ffffff";
const CHIP_DARK_INK = "#0e0f13";

/**
 * A chip whose background is a colour chosen at run time (event categories): keeps the colour and writes on it
 * in white when white reaches `minimum`, else in near-black when that does; if neither does (mid-tone colours),
 * the background is darkened, keeping its hue, until white does.
 */
export function readableChip(background: string, minimum = 4.5): { background: string; color: string } {
  const bg = parseColor(background);
  if (contrastRatio(CHIP_LIGHT_INK, bg) >= minimum) return { background: toHex(bg), color: CHIP_LIGHT_INK };
  if (contrastRatio(CHIP_DARK_INK, bg) >= minimum) return { background: toHex(bg), color: CHIP_DARK_INK };
  const black = parseColor("#000000");
  for (let keep = 99; keep >= 0; keep--) {
    const darker = mixSrgb(bg, keep, black);
    if (contrastRatio(CHIP_LIGHT_INK, darker) >= minimum) return { background: toHex(darker), color: CHIP_LIGHT_INK };
  }
  return { background: "#000000", color: CHIP_LIGHT_INK };
}
