// Generates the games' artwork into client/public/games/<slug>/{icon,landscape,portrait}.svg from the
// catalogue in db/seed/games.ts and the palette and motif table below. The art is original and
// abstract (a gradient, a geometric motif evoking the genre, the name in system type): no official
// logo, no web font, no external reference. Run it again after adding a game:
//   bun scripts/generate-game-art.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { games } from "../db/seed/games.ts";

interface Style {
  /** Background gradient, top-left to bottom-right. */
  bg: [string, string];
  /** Accent colour of the motif and the genre label. */
  accent: string;
  /** A short genre tag printed above the name (loan words read the same in French and English). */
  tag: string;
  motif: keyof typeof motifs;
  /** The name as printed, when the catalogue name is too long or bilingual. */
  title?: string;
  subtitle?: string;
}

/** What a motif draws with: accent colour, stroke-width multiplier, whether to add fine detail. */
interface Pen {
  a: string;
  w: number;
  d: boolean;
}

const styles: Record<string, Style> = {
  "league-of-legends": { bg: ["#091428", "#0b4250"], accent: "#c8aa6e", tag: "MOBA", motif: "lanes" },
  "counter-strike-2": { bg: ["#15171d", "#4d3415"], accent: "#f5a524", tag: "FPS", motif: "crosshair" },
  valorant: { bg: ["#0f1923", "#5c1626"], accent: "#ff4655", tag: "FPS", motif: "shards" },
  "dota-2": { bg: ["#0d0a0a", "#4a1510"], accent: "#ff5a36", tag: "MOBA", motif: "map" },
  "rocket-league": { bg: ["#0b35b0", "#071446"], accent: "#ff8a1c", tag: "CAR SOCCER", motif: "car" },
  fortnite: { bg: ["#3b1380", "#1c6fd6"], accent: "#ffd23f", tag: "BATTLE ROYALE", motif: "build" },
  "apex-legends": { bg: ["#3b1d2e", "#d9732e"], accent: "#fff1d6", tag: "BATTLE ROYALE", motif: "drop" },
  "overwatch-2": { bg: ["#f2741c", "#8f2a06"], accent: "#ffffff", tag: "HERO SHOOTER", motif: "ring" },
  "street-fighter-6": { bg: ["#0b2545", "#d81b60"], accent: "#ffd400", tag: "VERSUS", motif: "fighters" },
  "tekken-8": { bg: ["#120818", "#5b1a8c"], accent: "#ff3b5c", tag: "VERSUS", motif: "bolt" },
  "super-smash-bros-ultimate": { bg: ["#141a4a", "#4059d6"], accent: "#ff5ca8", tag: "PLATFORM FIGHTER", motif: "platform", title: "Super Smash Bros.", subtitle: "Ultimate" },
  "rainbow-six-siege": { bg: ["#1a1e24", "#46525f"], accent: "#ffcc00", tag: "FPS", motif: "breach" },
  "starcraft-2": { bg: ["#03061a", "#123080"], accent: "#5ad1ff", tag: "RTS", motif: "space" },
  hearthstone: { bg: ["#1c2a5a", "#6b3fa0"], accent: "#ffc857", tag: "CARD GAME", motif: "cards" },
  "pubg-battlegrounds": { bg: ["#3d3420", "#a08a4c"], accent: "#f2a900", tag: "BATTLE ROYALE", motif: "parachute", title: "PUBG", subtitle: "Battlegrounds" },
  "call-of-duty-warzone": { bg: ["#101418", "#2c3a42"], accent: "#8dff6a", tag: "BATTLE ROYALE", motif: "radar", title: "Warzone", subtitle: "Call of Duty" },
  "ea-sports-fc-25": { bg: ["#063d27", "#13915a"], accent: "#d4ff3d", tag: "FOOTBALL", motif: "pitch" },
  "teamfight-tactics": { bg: ["#2a0f4d", "#8a2a8c"], accent: "#ffd27a", tag: "AUTO BATTLER", motif: "board" },
  minecraft: { bg: ["#4aa3df", "#1b4f8a"], accent: "#9be15d", tag: "SANDBOX", motif: "cube" },
  "age-of-empires-2": { bg: ["#2b1b12", "#8a3320"], accent: "#f4d03f", tag: "RTS", motif: "castle", title: "Age of Empires II", subtitle: "Definitive Edition" },
  trackmania: { bg: ["#00223d", "#0077b6"], accent: "#2af5c5", tag: "RACING", motif: "loop" },
  "mario-kart-8-deluxe": { bg: ["#c1121f", "#5c0011"], accent: "#ffe14d", tag: "KART", motif: "flag" },
  "brawl-stars": { bg: ["#ff8a00", "#c9184a"], accent: "#ffffff", tag: "MOBILE", motif: "star" },
  "clash-royale": { bg: ["#0a2472", "#3e92cc"], accent: "#ffcc33", tag: "MOBILE", motif: "crown" },
  chess: { bg: ["#161616", "#45403a"], accent: "#e8d5a3", tag: "BLITZ", motif: "knight", title: "Échecs", subtitle: "Chess" },
  "just-chatting": { bg: ["#7c5cff", "#2e1f99"], accent: "#ffffff", tag: "IRL", motif: "bubbles", title: "Discussion", subtitle: "Just Chatting" },
  "marvel-rivals": { bg: ["#2b0f54", "#e63946"], accent: "#ffd23f", tag: "HERO SHOOTER", motif: "burst" },
  "mobile-legends-bang-bang": { bg: ["#06202b", "#127369"], accent: "#f5c542", tag: "MOBA", motif: "phone", title: "Mobile Legends", subtitle: "Bang Bang" },
  "guilty-gear-strive": { bg: ["#0c0a14", "#a3002a"], accent: "#ffe45c", tag: "VERSUS", motif: "slash" },
  "halo-infinite": { bg: ["#14240c", "#557a1e"], accent: "#b8f2ff", tag: "ARENA FPS", motif: "halo" },
  osu: { bg: ["#ff66aa", "#6a1b9a"], accent: "#ffffff", tag: "RHYTHM", motif: "circles" },
  "free-fire": { bg: ["#2b0a02", "#e06a04"], accent: "#ffd23f", tag: "BATTLE ROYALE", motif: "island" },
};

// ---- motifs: each draws in a 200×200 box --------------------------------------------------------

const W = "#fff";
const n = (v: number) => String(Math.round(v * 10) / 10);
const poly = (pts: number[][]) => pts.map(([x, y]) => `${n(x!)},${n(y!)}`).join(" ");
/** Pointy-top hexagon of radius r around (cx, cy). */
const hex = (cx: number, cy: number, r: number) => poly([0, 1, 2, 3, 4, 5].map((k) => [cx + r * Math.cos(((60 * k - 90) * Math.PI) / 180), cy + r * Math.sin(((60 * k - 90) * Math.PI) / 180)]));
const star = (cx: number, cy: number, outer: number, inner: number, points: number, rot = -90) =>
  poly(
    Array.from({ length: points * 2 }, (_, k) => {
      const r = k % 2 ? inner : outer;
      const t = ((rot + (180 / points) * k) * Math.PI) / 180;
      return [cx + r * Math.cos(t), cy + r * Math.sin(t)];
    }),
  );

const motifs = {
  lanes: ({ a, w, d }: Pen) => {
    let grid = "";
    if (d) for (let row = 0; row < 6; row++) for (let col = 0; col < 6; col++) grid += `<use href="#h" x="${col * 36 + (row % 2) * 18 + 10}" y="${row * 31 + 12}"/>`;
    return `${d ? `<g fill="none" stroke="${W}" stroke-opacity=".09" stroke-width="1.5"><defs><path id="h" d="M0-18l15.6 9v18L0 18l-15.6-9v-18z"/></defs>${grid}</g>` : ""}<polygon points="${hex(100, 100, 74)}" fill="${a}" fill-opacity=".12" stroke="${a}" stroke-width="${4 * w}"/><polygon points="${hex(100, 100, 48)}" fill="none" stroke="${a}" stroke-opacity=".5" stroke-width="${2 * w}"/><path d="M44 156 100 100 156 44" stroke="${W}" stroke-width="${7 * w}" stroke-linecap="round"/><circle cx="44" cy="156" r="${13 + w}" fill="${a}"/><circle cx="156" cy="44" r="${13 + w}" fill="${a}"/><polygon points="100,84 116,100 100,116 84,100" fill="${W}"/>`;
  },
  crosshair: ({ a, w, d }: Pen) =>
    `${d ? `<circle cx="100" cy="100" r="88" fill="none" stroke="${W}" stroke-opacity=".25" stroke-width="2" stroke-dasharray="6 10"/>` : ""}<circle cx="100" cy="100" r="60" fill="none" stroke="${a}" stroke-width="${5 * w}"/><path d="M100 18v44M100 138v44M18 100h44M138 100h44" stroke="${W}" stroke-width="${7 * w}" stroke-linecap="round"/><circle cx="100" cy="100" r="${6 + w}" fill="${a}"/>`,
  shards: ({ a, w, d }: Pen) =>
    `${d ? `<path d="M20 60 70 20M130 190 190 120M150 20l30 0" stroke="${W}" stroke-opacity=".3" stroke-width="2"/>` : ""}<polygon points="24,160 96,26 104,104" fill="${a}"/><polygon points="112,168 178,44 156,138" fill="${W}" fill-opacity=".9"/><polygon points="58,182 120,116 142,186" fill="${a}" fill-opacity=".65"/><path d="M30 186 186 30" stroke="${W}" stroke-opacity=".5" stroke-width="${2 * w}"/>`,
  map: ({ a, w, d }: Pen) =>
    `<rect x="24" y="24" width="152" height="152" rx="10" fill="${W}" fill-opacity=".06" stroke="${W}" stroke-opacity=".3" stroke-width="${2 * w}"/>${d ? `<path d="M24 70C70 80 70 120 130 176" stroke="#5ac8fa" stroke-opacity=".45" stroke-width="8" fill="none"/>` : ""}<path d="M40 160V40h120M40 160 160 40M40 160h120V40" fill="none" stroke="${W}" stroke-opacity=".85" stroke-width="${5 * w}" stroke-linejoin="round"/><circle cx="40" cy="160" r="${15 + w * 2}" fill="#6fcf5e"/><circle cx="160" cy="40" r="${15 + w * 2}" fill="${a}"/>`,
  car: ({ a, w, d }: Pen) =>
    `${d ? `<path d="M8 128h28M2 146h30M14 164h20" stroke="${W}" stroke-opacity=".45" stroke-width="4" stroke-linecap="round"/>` : ""}<circle cx="138" cy="66" r="40" fill="${W}"/><polygon points="${hex(138, 66, 13)}" fill="${a}"/><path d="M138 53V27M149 59.5l22-13M149 72.5l22 13M138 79v26M127 72.5l-22 13M127 59.5l-22-13" stroke="${a}" stroke-opacity=".6" stroke-width="${2 * w}"/><path d="M36 160l6-22 44-12 28 12 22 2 6 20z" fill="${a}"/><path d="M66 130l18-6 18 10z" fill="${W}" fill-opacity=".7"/><circle cx="60" cy="162" r="13" fill="#0d0f1a" stroke="${W}" stroke-width="${3 * w}"/><circle cx="124" cy="162" r="13" fill="#0d0f1a" stroke="${W}" stroke-width="${3 * w}"/>`,
  build: ({ a, w, d }: Pen) => {
    let tiles = "";
    for (const [x, y] of [
      [30, 130],
      [70, 90],
      [110, 50],
      [70, 130],
      [110, 90],
      [110, 130],
    ] as const)
      tiles += `<rect x="${x}" y="${y}" width="40" height="40" rx="3"/>`;
    return `${d ? `<circle cx="100" cy="100" r="92" fill="none" stroke="${W}" stroke-opacity=".35" stroke-width="3" stroke-dasharray="14 8"/>` : ""}<g fill="${a}" fill-opacity=".2" stroke="${W}" stroke-width="${3 * w}">${tiles}</g><path d="M30 170 150 50" stroke="${a}" stroke-width="${8 * w}" stroke-linecap="round"/><path d="M150 50h20" stroke="${a}" stroke-width="${8 * w}" stroke-linecap="round"/>`;
  },
  drop: ({ a, w, d }: Pen) =>
    `<polygon points="0,184 58,112 84,136 128,70 200,184" fill="${W}" fill-opacity=".16" stroke="${W}" stroke-opacity=".55" stroke-width="${2 * w}" stroke-linejoin="round"/>${d ? `<polygon points="40,184 76,150 96,168 150,120 200,184" fill="${W}" fill-opacity=".1"/>` : ""}<path d="M24 28Q118 14 134 128" fill="none" stroke="${a}" stroke-width="${4 * w}" stroke-dasharray="${8 * w} ${8 * w}" stroke-linecap="round"/><circle cx="134" cy="146" r="16" fill="none" stroke="${a}" stroke-width="${4 * w}"/><circle cx="134" cy="146" r="5" fill="${a}"/>`,
  ring: ({ a, w, d }: Pen) =>
    `<circle cx="100" cy="100" r="70" fill="none" stroke="${a}" stroke-width="${16 + 2 * w}" stroke-dasharray="60 13.3" transform="rotate(-84 100 100)"/><circle cx="100" cy="100" r="42" fill="none" stroke="${a}" stroke-opacity=".45" stroke-width="${4 * w}"/><path d="M100 58a42 42 0 0 1 36 63" fill="none" stroke="${a}" stroke-width="${7 * w}" stroke-linecap="round"/>${d ? `<circle cx="100" cy="100" r="94" fill="none" stroke="${a}" stroke-opacity=".25" stroke-width="2"/>` : ""}<circle cx="100" cy="100" r="12" fill="${a}"/>`,
  fighters: ({ a, w, d }: Pen) =>
    `${d ? `<polygon points="${star(112, 86, 56, 22, 10)}" fill="${a}" fill-opacity=".25"/>` : ""}<g stroke="${W}" stroke-width="${11 + w}" stroke-linecap="round" stroke-linejoin="round" fill="none"><path d="M58 74l10 44-24 48M68 118l24 44M62 88l44-4"/><path d="M150 82l-6 42 18 44M144 124l-26 38M148 96l-22 14"/></g><circle cx="54" cy="58" r="${13 + w}" fill="${W}"/><circle cx="156" cy="64" r="${13 + w}" fill="${W}"/><polygon points="${star(114, 84, 24, 10, 8)}" fill="${a}"/>`,
  bolt: ({ a, w, d }: Pen) =>
    `${d ? `<circle cx="100" cy="100" r="88" fill="none" stroke="${a}" stroke-opacity=".3" stroke-width="2"/><circle cx="100" cy="100" r="66" fill="none" stroke="${W}" stroke-opacity=".12" stroke-width="14"/>` : ""}<polygon points="0,150 200,40 200,70 0,180" fill="${a}" fill-opacity=".35"/><polygon points="112,14 58,108 96,108 78,188 148,84 110,84 136,14" fill="${W}" stroke="${a}" stroke-width="${4 * w}" stroke-linejoin="round"/>`,
  platform: ({ a, w, d }: Pen) => {
    let rays = "";
    if (d)
      for (let k = 0; k < 12; k++)
        rays += `<polygon points="100,110 ${n(100 + 140 * Math.cos((k * 30 * Math.PI) / 180))},${n(110 + 140 * Math.sin((k * 30 * Math.PI) / 180))} ${n(100 + 140 * Math.cos(((k * 30 + 12) * Math.PI) / 180))},${n(110 + 140 * Math.sin(((k * 30 + 12) * Math.PI) / 180))}"/>`;
    return `${d ? `<g fill="${W}" fill-opacity=".07">${rays}</g>` : ""}<rect x="22" y="140" width="156" height="${12 + 2 * w}" rx="7" fill="${W}"/><rect x="34" y="96" width="46" height="${6 + 2 * w}" rx="4" fill="${W}" fill-opacity=".6"/><rect x="120" y="96" width="46" height="${6 + 2 * w}" rx="4" fill="${W}" fill-opacity=".6"/><circle cx="58" cy="124" r="${11 + w}" fill="${a}"/><circle cx="140" cy="124" r="${11 + w}" fill="#4cc9f0"/><circle cx="100" cy="62" r="${11 + w}" fill="#ffd23f"/><circle cx="150" cy="74" r="${9 + w}" fill="#80ed99"/>`;
  },
  breach: ({ a, w, d }: Pen) =>
    `<rect x="42" y="38" width="116" height="124" rx="4" fill="${W}" fill-opacity=".08" stroke="${W}" stroke-width="${5 * w}"/><path d="M42 80h116M42 122h116" stroke="${W}" stroke-opacity=".35" stroke-width="${4 * w}"/><path d="M120 92 150 44M120 92l38 14M120 92l-8 70M120 92 60 50M120 92 50 136" stroke="${a}" stroke-width="${4 * w}" stroke-linecap="round"/>${d ? `<path d="M30 30h20M30 30v20M170 170h-20M170 170v-20" stroke="${W}" stroke-opacity=".5" stroke-width="3"/><polygon points="132,60 146,68 136,76" fill="${W}" fill-opacity=".6"/><polygon points="80,130 94,140 78,146" fill="${W}" fill-opacity=".6"/>` : ""}<circle cx="120" cy="92" r="${9 + w}" fill="${a}"/>`,
  space: ({ a, w, d }: Pen) => {
    let stars = "";
    if (d)
      for (const [x, y, r] of [
        [20, 30, 2],
        [60, 14, 1.5],
        [170, 24, 2.5],
        [140, 60, 1.5],
        [30, 90, 1.5],
        [186, 96, 2],
        [90, 40, 1],
      ] as const)
        stars += `<circle cx="${x}" cy="${y}" r="${r}"/>`;
    return `<g fill="${W}">${stars}</g><circle cx="100" cy="250" r="120" fill="${a}" fill-opacity=".22" stroke="${a}" stroke-opacity=".6" stroke-width="${3 * w}"/><path d="M60 114l40-24 40 24M60 140l40-24 40 24M60 166l40-24 40 24" fill="none" stroke="${W}" stroke-width="${7 * w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  },
  cards: ({ a, w }: Pen) => {
    const card = (rot: number, front: boolean) =>
      `<g transform="rotate(${rot} 100 190)"><rect x="68" y="46" width="64" height="96" rx="8" fill="${front ? W : a}" fill-opacity="${front ? 1 : 0.55}" stroke="${W}" stroke-width="${2 * w}"/>${front ? `<rect x="76" y="54" width="48" height="80" rx="5" fill="none" stroke="${a}" stroke-width="${2 * w}"/><polygon points="100,66 112,82 100,98 88,82" fill="${a}"/>` : ""}</g>`;
    return card(-22, false) + card(22, false) + card(0, true);
  },
  parachute: ({ a, w, d }: Pen) =>
    `${d ? `<path d="M6 24h188" stroke="${W}" stroke-opacity=".35" stroke-width="3" stroke-dasharray="10 8"/>` : ""}<path d="M34 86Q100-6 166 86q-11-10-22 0-11-10-22 0-11-10-22 0-11-10-22 0-11-10-22 0-11-10-22 0z" fill="${a}" stroke="${W}" stroke-width="${2 * w}" stroke-linejoin="round"/><path d="M34 86l62 62M78 86l20 62M122 86l-20 62M166 86l-62 62" stroke="${W}" stroke-opacity=".75" stroke-width="${2 * w}"/><rect x="84" y="146" width="32" height="28" rx="3" fill="${W}"/><path d="M84 160h32" stroke="${a}" stroke-width="${3 * w}"/>`,
  radar: ({ a, w, d }: Pen) =>
    `<g fill="none" stroke="${a}" stroke-opacity=".5" stroke-width="${2 * w}"><circle cx="100" cy="100" r="84"/><circle cx="100" cy="100" r="56"/>${d ? `<circle cx="100" cy="100" r="28"/><path d="M100 12v176M12 100h176"/>` : ""}</g><path d="M100 100V16a84 84 0 0 1 72 42z" fill="${a}" fill-opacity=".4"/><path d="M100 100 172 58" stroke="${a}" stroke-width="${4 * w}" stroke-linecap="round"/><circle cx="136" cy="52" r="${6 + w}" fill="${W}"/><circle cx="62" cy="132" r="${5 + w}" fill="${W}" fill-opacity=".7"/><circle cx="124" cy="150" r="${4 + w}" fill="${W}" fill-opacity=".5"/>`,
  pitch: ({ a, w, d }: Pen) =>
    `${d ? `<path d="M44 30v140M76 30v140M108 30v140M140 30v140" stroke="${W}" stroke-opacity=".06" stroke-width="16"/>` : ""}<g fill="none" stroke="${W}" stroke-opacity=".75" stroke-width="${3 * w}"><rect x="20" y="30" width="160" height="140" rx="2"/><path d="M100 30v140"/><circle cx="100" cy="100" r="26"/><rect x="20" y="68" width="28" height="64"/><rect x="152" y="68" width="28" height="64"/></g><circle cx="136" cy="132" r="16" fill="${W}"/><polygon points="${hex(136, 132, 7)}" fill="${a}"/>`,
  board: ({ a, w, d }: Pen) => {
    let tiles = "";
    const hot = new Set(["1,1", "2,2", "3,1", "2,0"]);
    for (let row = 0; row < 4; row++)
      for (let col = 0; col < 4; col++)
        if (d || hot.has(`${col},${row}`))
          tiles += `<polygon points="${hex(38 + col * 40 + (row % 2) * 20, 44 + row * 35, 21)}" fill="${hot.has(`${col},${row}`) ? a : W}" fill-opacity="${hot.has(`${col},${row}`) ? 0.85 : 0.14}"/>`;
    return `${tiles}<circle cx="118" cy="114" r="${10 + w}" fill="${W}"/><path d="M104 154q14-30 28 0z" fill="${W}"/><polygon points="108,96 112,84 118,92 124,84 128,96" fill="${a}"/>`;
  },
  cube: ({ w, d }: Pen) => {
    const faces = `<polygon points="100,26 166,62 100,98 34,62" fill="#7cc846"/><polygon points="34,62 100,98 100,176 34,140" fill="#8b5a2b"/><polygon points="100,98 166,62 166,140 100,176" fill="#6b431f"/><polygon points="34,62 100,98 100,114 34,78" fill="#5e9e33"/><polygon points="100,98 166,62 166,78 100,114" fill="#4b8427"/>`;
    const grid = d
      ? `<path d="M56 74v78M78 86v78M122 86v78M144 74v78M34 105l66 36 66-36M34 126l66 36 66-36M56 50l66 36M78 38l66 36M144 50 78 86M122 38 56 74" stroke="#000" stroke-opacity=".14" stroke-width="2" fill="none"/>`
      : "";
    return `${faces}${grid}<path d="M100 26l66 36v78l-66 36-66-36V62z" fill="none" stroke="#10240a" stroke-opacity=".5" stroke-width="${3 * w}" stroke-linejoin="round"/>`;
  },
  castle: ({ a, w, d }: Pen) =>
    `${d ? `<circle cx="150" cy="60" r="30" fill="${a}" fill-opacity=".3"/>` : ""}<path d="M30 180V110h14v-12h12v12h12v-12h12v12h6V64h12V52h12v12h12V52h12v12h12v46h6V98h12v12h12V98h12v12h14v70z" fill="${W}" fill-opacity=".92"/><path d="M88 180v-30a12 12 0 0 1 24 0v30z" fill="#2b1b12"/><path d="M100 52V18" stroke="${W}" stroke-width="${3 * w}"/><path d="M101 18h30l-8 9 8 9h-30z" fill="${a}"/>${d ? `<path d="M30 180h140" stroke="${a}" stroke-width="4"/>` : ""}`,
  loop: ({ a, w, d }: Pen) => {
    let checker = "";
    if (d) for (let r = 0; r < 3; r++) for (let c = 0; c < 6; c++) if ((r + c) % 2 === 0) checker += `<rect x="${130 + c * 9}" y="${24 + r * 9}" width="9" height="9"/>`;
    return `${d ? `<rect x="130" y="24" width="54" height="27" fill="#000" fill-opacity=".35"/><g fill="${W}">${checker}</g>` : ""}<path d="M0 172h86a46 46 0 1 1 28 0h86" fill="none" stroke="${W}" stroke-width="${16 + 2 * w}" stroke-linejoin="round"/><path d="M0 172h86a46 46 0 1 1 28 0h86" fill="none" stroke="${a}" stroke-width="${3 * w}" stroke-dasharray="${10 * w} ${8 * w}"/>`;
  },
  flag: ({ a, w, d }: Pen) => {
    let checker = "";
    for (let r = 0; r < 4; r++) for (let c = 0; c < 5; c++) if ((r + c) % 2 === 0) checker += `<rect x="${c * 18}" y="${r * 18}" width="18" height="18"/>`;
    return `${d ? `<path d="M-10 200C40 150 150 170 120 110S170 40 210 30" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="30"/><path d="M-10 200C40 150 150 170 120 110S170 40 210 30" fill="none" stroke="${a}" stroke-width="3" stroke-dasharray="12 10"/>` : ""}<path d="M56 186V30" stroke="${W}" stroke-width="${6 * w}" stroke-linecap="round"/><g transform="translate(58 34) skewY(8)"><rect width="90" height="72" fill="#111"/><g fill="${W}">${checker}</g></g><polygon points="${star(150, 150, 20 + w * 2, 9 + w, 5)}" fill="${a}"/>`;
  },
  star: ({ w, d }: Pen) => {
    let rays = "";
    if (d)
      for (let k = 0; k < 10; k++)
        rays += `<polygon points="100,104 ${n(100 + 150 * Math.cos((k * 36 * Math.PI) / 180))},${n(104 + 150 * Math.sin((k * 36 * Math.PI) / 180))} ${n(100 + 150 * Math.cos(((k * 36 + 16) * Math.PI) / 180))},${n(104 + 150 * Math.sin(((k * 36 + 16) * Math.PI) / 180))}"/>`;
    return `${d ? `<g fill="${W}" fill-opacity=".14">${rays}</g>` : ""}<polygon points="${star(100, 106, 82, 38, 5, -102)}" fill="#ffe14d" stroke="#2a1406" stroke-width="${9 * w}" stroke-linejoin="round"/><polygon points="${star(92, 96, 30, 14, 5, -102)}" fill="${W}" fill-opacity=".55"/>`;
  },
  crown: ({ a, w, d }: Pen) =>
    `${d ? `<path d="M20 190V150h24v-14h14v14h12v-14h14v14h32v-14h14v14h12v-14h14v14h24v40z" fill="${W}" fill-opacity=".12"/>` : ""}<path d="M42 142 30 62l40 34 30-52 30 52 40-34-12 80z" fill="${a}" stroke="#1b1030" stroke-opacity=".6" stroke-width="${4 * w}" stroke-linejoin="round"/><rect x="40" y="140" width="120" height="${18 + w * 2}" rx="5" fill="${a}" stroke="#1b1030" stroke-opacity=".6" stroke-width="${4 * w}"/><circle cx="100" cy="110" r="${9 + w}" fill="#e63946"/><circle cx="30" cy="62" r="7" fill="${W}"/><circle cx="100" cy="44" r="7" fill="${W}"/><circle cx="170" cy="62" r="7" fill="${W}"/>`,
  knight: ({ a, w, d }: Pen) => {
    let checker = "";
    if (d) for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) if ((r + c) % 2 === 0) checker += `<rect x="${c * 40}" y="${r * 40}" width="40" height="40"/>`;
    return `${d ? `<g fill="${W}" fill-opacity=".05">${checker}</g>` : ""}<path d="M52 182h96v-14H52zM62 164h76l-6-16H68zM70 144c-2-26 10-36 22-50-12 6-26 12-36 8-10-4-12-16-4-24l34-34c2-8 6-14 12-18l6 12c28 6 46 34 44 64-1 18-8 32-16 42z" fill="${a}" stroke="#1a1712" stroke-width="${2 * w}" stroke-linejoin="round"/><circle cx="98" cy="60" r="${4 + w / 2}" fill="#1a1712"/>`;
  },
  bubbles: ({ w, d }: Pen) =>
    `<path d="M46 34h84a22 22 0 0 1 22 22v34a22 22 0 0 1-22 22H74l-26 20 4-20h-6a22 22 0 0 1-22-22V56a22 22 0 0 1 22-22z" fill="${W}"/><circle cx="64" cy="73" r="${7 + w}" fill="#7c5cff"/><circle cx="88" cy="73" r="${7 + w}" fill="#7c5cff"/><circle cx="112" cy="73" r="${7 + w}" fill="#7c5cff"/><path d="M96 106h62a20 20 0 0 1 20 20v22a20 20 0 0 1-20 20h-4l4 18-24-18H96a20 20 0 0 1-20-20v-22a20 20 0 0 1 20-20z" fill="#ff7ab6" stroke="#2e1f99" stroke-width="${3 * w}"/><path d="M127 152l-15-14a8 8 0 0 1 15-8 8 8 0 0 1 15 8z" fill="${W}"/>${d ? `<circle cx="170" cy="40" r="6" fill="${W}" fill-opacity=".5"/><circle cx="184" cy="62" r="3" fill="${W}" fill-opacity=".4"/>` : ""}`,
  burst: ({ a, w, d }: Pen) => {
    let dots = "";
    if (d)
      for (let r = 0; r < 8; r++)
        for (let c = 0; c < 8; c++) {
          const s = (r + c) / 14;
          if (s > 0.35) dots += `<circle cx="${c * 26 + 8}" cy="${r * 26 + 8}" r="${n(1 + s * 5)}"/>`;
        }
    return `${d ? `<g fill="${W}" fill-opacity=".16">${dots}</g>` : ""}<polygon points="${star(100, 100, 90, 50, 12, -80)}" fill="${a}" stroke="#1a0b2e" stroke-width="${5 * w}" stroke-linejoin="round"/><polygon points="${star(100, 100, 48, 26, 8, -70)}" fill="${W}"/>`;
  },
  phone: ({ a, w, d }: Pen) =>
    `<g transform="rotate(-12 100 100)"><rect x="56" y="20" width="88" height="160" rx="16" fill="${W}" fill-opacity=".1" stroke="${W}" stroke-width="${5 * w}"/>${d ? `<rect x="90" y="28" width="20" height="5" rx="2.5" fill="${W}" fill-opacity=".6"/>` : ""}<path d="M72 160V46h56M72 160l56-114M72 160h56V46" fill="none" stroke="${a}" stroke-width="${4 * w}" stroke-linejoin="round"/><circle cx="72" cy="160" r="${8 + w}" fill="#4cd4c4"/><circle cx="128" cy="46" r="${8 + w}" fill="#ff6b6b"/></g>`,
  slash: ({ a, w, d }: Pen) =>
    `${d ? `<path d="M150 60l30-20M160 80l34-6M40 150l-26 22" stroke="${a}" stroke-width="3" stroke-linecap="round"/>` : ""}<path d="M22 170Q90 120 176 20Q116 104 34 182z" fill="${W}"/><path d="M54 188Q116 138 188 56Q144 128 64 196z" fill="${a}"/><path d="M10 132Q58 96 130 16Q92 82 18 142z" fill="${W}" fill-opacity=".6"/>${w > 1 ? `<path d="M30 170 170 30" stroke="${W}" stroke-width="${3 * w}"/>` : ""}`,
  halo: ({ a, w, d }: Pen) =>
    `${d ? `<g fill="${W}"><circle cx="24" cy="28" r="2"/><circle cx="170" cy="170" r="2"/><circle cx="180" cy="30" r="1.5"/></g>` : ""}<g transform="rotate(-18 100 104)"><ellipse cx="100" cy="104" rx="92" ry="24" fill="none" stroke="${a}" stroke-opacity=".45" stroke-width="${6 * w}"/><circle cx="100" cy="104" r="48" fill="${a}" fill-opacity=".35" stroke="${a}" stroke-width="${2 * w}"/><path d="M8 104a92 24 0 0 0 184 0" fill="none" stroke="${a}" stroke-width="${6 * w}"/></g>`,
  circles: ({ a, w, d }: Pen) =>
    `<path d="M72 128C100 60 150 80 150 40" fill="none" stroke="${W}" stroke-opacity=".3" stroke-width="${40 + 4 * w}" stroke-linecap="round"/>${d ? `<circle cx="150" cy="40" r="22" fill="none" stroke="${W}" stroke-width="3"/>` : ""}<circle cx="72" cy="128" r="62" fill="none" stroke="${a}" stroke-opacity=".6" stroke-width="${3 * w}"/><circle cx="72" cy="128" r="36" fill="#ff66aa" stroke="${a}" stroke-width="${7 * w}"/><circle cx="72" cy="128" r="${8 + w}" fill="${a}"/>`,
  island: ({ a, w, d }: Pen) =>
    `<path d="M40 120c-10-30 20-56 48-60 30-6 40-28 66-18 26 12 22 46 10 64-8 14 6 34-14 46-22 14-44 0-64 4-26 4-38-12-46-36z" fill="${W}" fill-opacity=".18" stroke="${W}" stroke-opacity=".6" stroke-width="${2 * w}"/><circle cx="110" cy="110" r="60" fill="none" stroke="${W}" stroke-width="${3 * w}" stroke-dasharray="${8 * w} ${6 * w}"/><circle cx="122" cy="104" r="28" fill="${a}" fill-opacity=".3" stroke="${a}" stroke-width="${4 * w}"/>${d ? `<path d="M0 30 200 150" stroke="${W}" stroke-opacity=".5" stroke-width="3" stroke-dasharray="4 8"/><path d="M36 40l10 4-10 4z" fill="${W}"/>` : ""}`,
} satisfies Record<string, (pen: Pen) => string>;

// ---- layout ---------------------------------------------------------------------------------------

const FONT = "system-ui, sans-serif";

/** A pessimistic width estimate in em for bold system type (DejaVu Sans Bold is the widest common fallback). */
function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (" .,:;!'|-".includes(ch)) width += 0.36;
    else if ("iljtfrI".includes(ch)) width += 0.44;
    else if ("mwMW".includes(ch)) width += 1.04;
    else if (ch >= "A" && ch <= "Z") width += 0.78;
    else if (ch >= "0" && ch <= "9") width += 0.7;
    else width += 0.68;
  }
  return width;
}

/** Splits the title into 1–3 lines (at spaces, or after a hyphen inside a word) and picks the largest size that fits the box. */
function fitTitle(title: string, boxWidth: number, maxSize: number, maxLines: number, maxHeight: number): { lines: string[]; size: number } {
  // "Counter-Strike 2" → ["Counter-", " Strike", " 2"]: each token carries the separator it follows.
  const tokens = title.split(" ").flatMap((word, i) => word.split(/(?<=\p{L}-)(?=\p{L})/u).map((part, j) => (i > 0 && j === 0 ? ` ${part}` : part)));
  const join = (group: string[]) => group.join("").trim();
  let best = { lines: [title], size: 0 };
  let bestCount = 0;
  const partitions = (rest: string[], parts: number): string[][][] => {
    if (parts === 1) return [[rest]];
    const out: string[][][] = [];
    for (let cut = 1; cut <= rest.length - parts + 1; cut++) for (const tail of partitions(rest.slice(cut), parts - 1)) out.push([rest.slice(0, cut), ...tail]);
    return out;
  };
  for (let count = 1; count <= Math.min(maxLines, tokens.length); count++) {
    for (const split of partitions(tokens, count)) {
      const lines = split.map(join);
      // No line made of a lone number or a two-letter stub ("2", "II", "8").
      if (count > 1 && lines.some((line) => line.length <= 2)) continue;
      const widest = Math.max(...lines.map(textWidth));
      const size = Math.floor(Math.min(maxSize, boxWidth / widest, maxHeight / (count * 1.05)));
      // A further line has to earn its place: it must make the type clearly bigger.
      // Within a line count, the biggest type wins, then the longer first line ("League of / Legends").
      if (count === bestCount ? size > best.size || (size === best.size && lines[0]!.length > best.lines[0]!.length) : size > best.size * 1.15) {
        best = { lines, size };
        bestCount = count;
      }
    }
  }
  return best;
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface Format {
  width: number;
  height: number;
}

function defs(style: Style, glow: { cx: number; cy: number; r: number }): string {
  return `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.bg[0]}"/><stop offset="1" stop-color="${style.bg[1]}"/></linearGradient><radialGradient id="g" cx="${glow.cx}" cy="${glow.cy}" r="${glow.r}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${style.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${style.accent}" stop-opacity="0"/></radialGradient>`;
}

function open(format: Format, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${format.width}" height="${format.height}" viewBox="0 0 ${format.width} ${format.height}" role="img" aria-label="${escapeXml(label)}">`;
}

/** The genre tag, the title and the subtitle, set bottom-up from `bottom`. */
function textBlock(style: Style, title: string, x: number, bottom: number, boxWidth: number, maxSize: number, maxHeight: number, tagSize: number): string {
  const { lines, size } = fitTitle(title, boxWidth, maxSize, 3, maxHeight);
  const subSize = Math.round(tagSize * 1.45);
  let y = bottom;
  let out = "";
  if (style.subtitle) {
    out += `<text x="${x}" y="${y}" font-size="${subSize}" font-weight="600" fill-opacity=".85">${escapeXml(style.subtitle)}</text>`;
    y -= subSize * 0.95 + size * 0.3;
  }
  const lineHeight = Math.round(size * 1.02);
  const first = y - lineHeight * (lines.length - 1);
  out += lines.map((line, i) => `<text x="${x}" y="${first + i * lineHeight}" font-size="${size}" font-weight="800" letter-spacing="-.5">${escapeXml(line)}</text>`).join("");
  const tagY = first - size * 0.86 - tagSize * 0.7;
  out += `<rect x="${x}" y="${Math.round(tagY - tagSize * 0.92)}" width="4" height="${Math.round(tagSize * 1.04)}" fill="${style.accent}"/><text x="${x + 10}" y="${Math.round(tagY)}" font-size="${tagSize}" font-weight="700" letter-spacing="2.5" fill="${style.accent}">${escapeXml(style.tag)}</text>`;
  return `<g font-family="${FONT}" fill="#fff" filter="url(#s)">${out}</g>`;
}

const SHADOW = `<filter id="s" x="-5%" y="-20%" width="110%" height="140%"><feDropShadow dx="0" dy="1.5" stdDeviation="2" flood-color="#000" flood-opacity=".5"/></filter>`;
const RIM = (f: Format) => `<rect x=".5" y=".5" width="${f.width - 1}" height="${f.height - 1}" fill="none" stroke="#fff" stroke-opacity=".08"/>`;

function portrait(style: Style, name: string): string {
  const f = { width: 300, height: 400 };
  return `${open(f, name)}${defs(style, { cx: 150, cy: 140, r: 190 })}<linearGradient id="v" x1="0" y1="0" x2="0" y2="1"><stop offset=".4" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".62"/></linearGradient>${SHADOW}</defs><rect width="300" height="400" fill="url(#b)"/><rect width="300" height="400" fill="url(#g)"/><g transform="translate(40 26) scale(1.1)">${motifs[style.motif]({ a: style.accent, w: 1, d: true })}</g><rect width="300" height="400" fill="url(#v)"/>${textBlock(style, style.title ?? name, 22, 372, 256, 54, 120, 12)}${RIM(f)}</svg>`;
}

function landscape(style: Style, name: string): string {
  const f = { width: 640, height: 360 };
  return `${open(f, name)}${defs(style, { cx: 500, cy: 180, r: 250 })}<linearGradient id="v" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".5"/><stop offset=".62" stop-color="#000" stop-opacity="0"/></linearGradient>${SHADOW}</defs><rect width="640" height="360" fill="url(#b)"/><rect width="640" height="360" fill="url(#g)"/><g transform="translate(372 40) scale(1.4)">${motifs[style.motif]({ a: style.accent, w: 1, d: true })}</g><rect width="640" height="360" fill="url(#v)"/>${textBlock(style, style.title ?? name, 40, 306, 300, 62, 170, 15)}${RIM(f)}</svg>`;
}

function icon(style: Style, name: string): string {
  const f = { width: 64, height: 64 };
  return `${open(f, name)}${defs(style, { cx: 32, cy: 32, r: 40 })}<clipPath id="c"><rect width="64" height="64" rx="14"/></clipPath></defs><g clip-path="url(#c)"><rect width="64" height="64" fill="url(#b)"/><rect width="64" height="64" fill="url(#g)"/><g transform="translate(5 5) scale(.27)">${motifs[style.motif]({ a: style.accent, w: 2.2, d: false })}</g></g></svg>`;
}

const publicDir = join(import.meta.dir, "../client/public");
const missing = games.filter((game) => !styles[game.icon.split("/")[2]!]);
if (missing.length) throw new Error(`No art style for: ${missing.map((game) => game.name).join(", ")}`);

let largest = 0;
for (const game of games) {
  const style = styles[game.icon.split("/")[2]!]!;
  for (const [path, svg] of [
    [game.icon, icon(style, game.name)],
    [game.landscapeImage, landscape(style, game.name)],
    [game.portraitImage, portrait(style, game.name)],
  ] as const) {
    const file = join(publicDir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${svg}\n`);
    largest = Math.max(largest, Buffer.byteLength(svg));
  }
}
console.log(`${games.length} games, ${games.length * 3} files, largest ${largest} bytes`);
