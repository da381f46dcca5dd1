// Colours that pass (issue 24, item 1): reads the design tokens from client/styles/tokens.css, in the dark theme
// (:root) and the light one ([data-theme="light"] over :root), and computes the WCAG 2.x contrast of every
// text/background pair the components use. 4.5:1 for text (7:1 for body text, UI.md), 3:1 for large text and for
// what is not text but must be seen: control borders, focus ring, selected outlines, icons that carry meaning.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { composite, contrastRatio, mixSrgb, parseColor, readableChip, type Rgb } from "../client/lib/contrast.ts";

const root = join(import.meta.dir, "..");
const tokensCss = readFileSync(join(root, "client/styles/tokens.css"), "utf8");

/** The custom properties declared in every block whose selector is exactly `selector`, in order. */
function declarations(css: string, selector: string): Record<string, string> {
  const found: Record<string, string> = {};
  const blocks = new RegExp(`(?:^|[}\\s])${selector.replace(/[[\]"=]/g, "\\$&")}\\s*\\{([^}]*)\\}`, "g");
  for (const block of css.matchAll(blocks)) {
    for (const decl of block[1]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) found[decl[1]!] = decl[2]!.trim();
  }
  return found;
}

const dark = declarations(tokensCss, ":root");
const themes = { dark, light: { ...dark, ...declarations(tokensCss, '[data-theme="light"]') } } as const;
type Theme = keyof typeof themes;

/**
 * A colour as the stylesheets write it, over a theme's tokens: `--token`, `#hex`, `rgb(…)`, `white`, `black`,
 * `transparent`, `mix(A P%, B)` for `color-mix(in srgb, A P%, B)`, and `over(A, B)` for A painted on B.
 */
function colour(expression: string, theme: Theme): Rgb {
  const text = expression.trim();
  const call = /^(mix|over)\((.*)\)$/.exec(text);
  if (call) {
    const args = splitTopLevel(call[2]!);
    if (call[1] === "over") return composite(colour(args[0]!, theme), colour(args[1]!, theme));
    const first = /^(.*)\s+([\d.]+)%$/.exec(args[0]!.trim());
    if (!first) throw new Error(`mix needs "A P%, B": ${text}`);
    return mixSrgb(colour(first[1]!, theme), Number(first[2]), colour(args[1]!, theme));
  }
  if (text.startsWith("--")) {
    const value = themes[theme][text];
    if (value === undefined) throw new Error(`${text} is not declared in tokens.css (${theme})`);
    return colour(value, theme);
  }
  const ref = /^var\((--[\w-]+)\)$/.exec(text);
  if (ref) return colour(ref[1]!, theme);
  return parseColor(text);
}

function splitTopLevel(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "(") depth++;
    else if (args[i] === ")") depth--;
    else if (args[i] === "," && depth === 0) {
      parts.push(args.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(args.slice(start));
  return parts;
}

const TEXT = 4.5;
const BODY = 7;
const NON_TEXT = 3;
const SURFACES = ["--bg", "--surface", "--surface-2"] as const;

/** [foreground, background, minimum ratio, where it is used]; checked in both themes. */
type Pair = [fg: string, bg: string, min: number, where: string];
const tint = (token: string, percent: number, on: string) => `over(mix(${token} ${percent}%, transparent), ${on})`;

const pairs: Pair[] = [
  // Text on the three backgrounds.
  ...SURFACES.map((bg): Pair => ["--text", bg, BODY, "body text, titles, secondary and ghost buttons, menu items"]),
  ...SURFACES.map((bg): Pair => ["--text-muted", bg, TEXT, "meta, captions, tabs, placeholders, table heads, badge-neutral"]),
  ...SURFACES.map((bg): Pair => ["--link", bg, TEXT, "links (game links, event price, legal eyebrow), link-button, search 'see all'"]),
  ["--link", "--surface-2", TEXT, "sidebar: active item (violet on the hovered-row grey)"],
  ["--link", "--surface-2", TEXT, "game select: chosen option; match footer: 'playing'"],
  ["--link", "mix(--primary 10%, --surface)", TEXT, "search dropdown: 'see all results' hovered"],
  ...SURFACES.map((bg): Pair => ["--live-text", bg, TEXT, "live as text: viewer count on the stream page, profile 'en direct' link"]),
  ...SURFACES.map((bg): Pair => ["--success", bg, TEXT, "success texts: wallet credit, copied, captcha verified, match winner score"]),
  ...SURFACES.map((bg): Pair => ["--warning", bg, TEXT, "warning texts and icons: toasts, callouts, low balance"]),
  ...SURFACES.map((bg): Pair => ["--danger", bg, TEXT, "danger texts: field errors, chat errors, wallet debit, tournament kind, danger zone"]),
  ...SURFACES.map((bg): Pair => ["--gcoin", bg, TEXT, "G-Coins amounts: wallet balance, ticket prices, event cost, standings leader"]),

  // Fills with white text.
  ["--primary-text", "--primary", TEXT, "primary buttons ('Regarder', 'Suivre'), badge-primary, 'Available' card badge, chat send"],
  ["#ffffff", "--primary", TEXT, "selected category filter, active legal tab, how-to step number, the phone 'go live' button"],
  ["--primary-text", "mix(--primary 85%, black)", TEXT, "primary button hovered"],
  ["#ffffff", "--live", TEXT, "LIVE badge (cards, player), notification count"],
  ["#ffffff", "--danger-fill", TEXT, "danger button, captcha error popover, door 'refused'"],
  ["#ffffff", "--success-fill", TEXT, "door 'admitted'"],

  // Badges and chips on tinted backgrounds, over the backgrounds they sit on.
  ...(["--success", "--warning", "--danger"] as const).flatMap((token) =>
    // The badge's ink is the status colour pulled a quarter towards --text: lighter in dark, darker in light.
    SURFACES.map((bg): Pair => [`mix(${token} 75%, --text)`, tint(token, 18, bg), TEXT, `badge ${token.slice(2)} (18% tint) on ${bg.slice(2)}`]),
  ),
  ["--text-muted", "--surface-2", TEXT, "badge-neutral, stream card tag chips"],
  ["--text", "mix(--primary 18%, --surface-2)", BODY, "stream card tag chip hovered"],
  ["--text", tint("--primary", 18, "--surface-2"), BODY, "tag chips in the tag input"],
  ["--text", "--surface-2", BODY, "event status chips, game chip, stream tags, wallet badge"],
  ["--text", tint("--danger", 12, "--surface"), TEXT, "chat: banned notice"],
  ["--text-muted", tint("--danger", 12, "--surface"), TEXT, "chat: banned reason"],
  ["--text", tint("--warning", 12, "--surface"), TEXT, "how-to callout"],
  ["--text", "mix(--warning 18%, --surface)", TEXT, "door: offline banner"],
  ["--text", "mix(--success 12%, --surface)", TEXT, "consent: saved"],
  ["--text", "mix(--gcoin 12%, --surface)", TEXT, "tournament champion card"],

  // Whole elements faded with opacity: the text and its background both let the page show through.
  ["over(mix(--text 70%, transparent), --bg)", "over(mix(--surface-2 70%, transparent), --bg)", TEXT, "home carousel: unselected slide's title placeholder (opacity 0.7)"],
  ["over(mix(--text 65%, transparent), --surface)", "--surface", TEXT, "match card: the loser's name and score (opacity 0.65)"],

  // Fixed colours on media and covers (worst case: a white video frame or image under the scrim).
  ["#ffffff", "over(rgb(0 0 0 / 0.7), #ffffff)", TEXT, "viewer count on stream cards, player unmute button"],
  ["#ffffff", "over(rgb(0 0 0 / 0.8), #ffffff)", TEXT, "replay duration"],
  ["#ffffff", "#17181f", TEXT, "tournament cover: join status"],
  ["#ffffff", "#b42318", TEXT, "tournament cover: join status hovered (leave)"],
  ["#14121f", "#ffffff", TEXT, "door result button"],
  ["#ffffff", "#1f6fe5", TEXT, "how-to: XSplit monogram"],
  ["#ffffff", "#302e38", TEXT, "how-to: OBS monogram"],
  ["#09161d", "#80f5d2", TEXT, "how-to: Streamlabs monogram"],

  // Not text, 3:1 (WCAG 1.4.11).
  ...SURFACES.map((bg): Pair => ["--control-border", bg, NON_TEXT, "borders of inputs, selects, search boxes, secondary buttons, switch track"]),
  ...SURFACES.map((bg): Pair => ["--primary", bg, NON_TEXT, "focus ring, selected borders (cards, tiles, radio cards), switch on, seek bar"]),
  ...SURFACES.map((bg): Pair => ["--link", bg, NON_TEXT, "verified badge, dashboard and toast icons"]),
  ["#ffffff", "--control-border", NON_TEXT, "switch thumb on the off track"],
  ["#ffffff", "--primary", NON_TEXT, "switch thumb on the on track"],
  ["--live", "--surface", NON_TEXT, "live dot in the sidebar, live ring on avatars"],
];

describe("contrast of the design tokens (tokens.css)", () => {
  test("both themes declare every colour token", () => {
    for (const theme of Object.keys(themes) as Theme[]) {
      for (const token of [
        "--bg",
        "--surface",
        "--surface-2",
        "--border",
        "--control-border",
        "--text",
        "--text-muted",
        "--primary",
        "--primary-text",
        "--link",
        "--live",
        "--live-text",
        "--success",
        "--success-fill",
        "--warning",
        "--danger",
        "--danger-fill",
        "--gcoin",
      ]) {
        expect(themes[theme][token], `${token} in ${theme}`).toBeDefined();
        expect(() => colour(token, theme)).not.toThrow();
      }
    }
    // The light block redeclares what differs; a forgotten override would silently keep the dark value.
    expect(declarations(tokensCss, '[data-theme="light"]')["--link"]).toBeDefined();
  });

  for (const theme of Object.keys(themes) as Theme[]) {
    test(`every pair the components use passes, ${theme} theme`, () => {
      const failures: string[] = [];
      for (const [fg, bg, min, where] of pairs) {
        const ratio = contrastRatio(colour(fg, theme), colour(bg, theme));
        if (ratio < min) failures.push(`${fg} on ${bg}: ${ratio.toFixed(2)}:1 < ${min}:1 (${where})`);
      }
      expect(failures).toEqual([]);
    });
  }

  test("the contrast function matches WCAG's known values", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffffff", "#7c5cff")).toBeCloseTo(4.35, 2); // the old primary, issue 24
    expect(contrastRatio("#ffffff", "#ff3b3b")).toBeCloseTo(3.53, 2); // the old live
    expect(contrastRatio("#7c5cff", "#20222b")).toBeCloseTo(3.65, 2); // the old primary as text on the active row
    expect(contrastRatio("rgb(0 0 0 / 0.5)", "#ffffff")).toBeCloseTo(contrastRatio("#808080", "#ffffff"), 1);
  });
});

describe("event category chips", () => {
  // The categories are seeded by a migration; their colours are the chips' backgrounds.
  const migration = readFileSync(join(root, "db/migrations/0009_create_events_wallet.ts"), "utf8");
  const categories = [...migration.matchAll(/\[\d+, "([\w-]+)", "[^"]*", "[^"]*", "[\w-]+", "(#[0-9a-f]{6})"/gi)].map((m) => ({ slug: m[1]!, color: m[2]! }));

  test("the seeded categories are found, with the colours issue 24 names", () => {
    expect(categories.length).toBeGreaterThanOrEqual(6);
    expect(categories.map((c) => c.color.toLowerCase())).toEqual(expect.arrayContaining(["#2ecc71", "#2ec4b6", "#3a86ff"]));
  });

  test("every category chip's text passes 4.5:1 on its background", () => {
    for (const { slug, color } of categories) {
      const chip = readableChip(color);
      expect(contrastRatio(chip.color, chip.background), `${slug} ${color} → ${chip.color} on ${chip.background}`).toBeGreaterThanOrEqual(TEXT);
    }
  });

  test("a chip keeps its category colour when some ink passes, and darkens it (same hue) only when none does", () => {
    expect(readableChip("#2ecc71")).toEqual({ background: "#2ecc71", color: "#0e0f13" });
    expect(readableChip("#3a86ff")).toEqual({ background: "#3a86ff", color: "#0e0f13" });
    expect(readableChip("#1a7f46")).toEqual({ background: "#1a7f46", color: "#ffffff" });
    const violet = readableChip("#7c5cff"); // neither white (4.35) nor near-black (4.41) reaches 4.5 on it
    expect(violet.color).toBe("#ffffff");
    expect(violet.background).not.toBe("#7c5cff");
    expect(contrastRatio(violet.color, violet.background)).toBeGreaterThanOrEqual(TEXT);
  });

  test("every component that paints a category colour goes through readableChip", () => {
    const dir = join(root, "client/features/events/components");
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".tsx"))) {
      const source = readFileSync(join(dir, file), "utf8");
      expect(source, file).not.toMatch(/className="event-chip"\s+style=\{\{\s*background:/);
    }
  });
});

describe("the stylesheets use fills as fills", () => {
  // --primary and --live are fills under white text; as text or icons on the app's surfaces they fail in the dark
  // theme, which is why --link and --live-text exist. A `color:` of a fill token is a regression.
  const dir = join(root, "client/styles");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".css"))) {
    test(file, () => {
      const css = readFileSync(join(dir, file), "utf8");
      const misuse = [...css.matchAll(/(?:^|[;{\s])color:\s*var\(--(primary|live|success-fill|danger-fill)\)/g)].map((m) => m[0].trim());
      expect(misuse).toEqual([]);
    });
  }
});
