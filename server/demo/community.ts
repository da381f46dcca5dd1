/** The believable community DEMO mode seeds: who they are, what they stream, who follows whom. */
export interface DemoMember {
  username: string;
  firstName: string;
  lastName: string;
  about: string;
  colors: [string, string];
  /** A game of the catalogue, by name (ids may change). */
  game: string;
  title: string;
  tags: string[];
  paypalme?: string;
  twitter?: string;
  website?: string;
  verified?: boolean;
  /** Goes live with a synthetic stream while the demo runs. */
  live?: "testsrc2" | "smptehdbars";
  /** Otherwise a streamer when live, a viewer when not. */
  role?: "organizer";
}

export const DEMO_PASSWORD = "demo password";
export const DEMO_EMAIL_DOMAIN = "demo.arena.local";

export const demoMembers: DemoMember[] = [
  {
    username: "ZeldaPro",
    firstName: "Zoé",
    lastName: "Martin",
    about: "Speedrunneuse lyonnaise, organisatrice de la LAN du Rhône. Records, routes et bonne humeur.",
    colors: ["#7c5cff", "#ff5ca8"],
    game: "League of Legends",
    title: "Ranked jusqu'au Master avec la commu",
    tags: ["FR", "Ranked", "Chill"],
    paypalme: "ZeldaPro",
    twitter: "zeldapro",
    verified: true,
    live: "testsrc2",
  },
  {
    username: "Kestrel",
    firstName: "Karim",
    lastName: "Benali",
    about: "Entry fragger, coach amateur, caster le week-end.",
    colors: ["#ff9f1c", "#e71d36"],
    game: "Counter-Strike 2",
    title: "Retakes et aim training avant le tournoi",
    tags: ["FPS", "Coaching"],
    website: "https://kestrel.example.org",
    verified: true,
    live: "smptehdbars",
  },
  {
    username: "LaFleche",
    firstName: "Léa",
    lastName: "Dubois",
    about: "Archère dans l'âme, support dans le cœur.",
    colors: ["#2ec4b6", "#0b3954"],
    game: "League of Legends",
    title: "Support main : vision et roams",
    tags: ["Support", "Tips"],
  },
  {
    username: "NovaRush",
    firstName: "Noah",
    lastName: "Petit",
    about: "Rocket League tous les soirs, freestyle le dimanche.",
    colors: ["#3a86ff", "#8338ec"],
    game: "Rocket League",
    title: "Freestyle session",
    tags: ["Freestyle"],
    paypalme: "NovaRush",
  },
  {
    username: "MiloCast",
    firstName: "Milo",
    lastName: "Garnier",
    about: "Commentateur des tournois locaux, fan de stratégie.",
    colors: ["#ffbe0b", "#fb5607"],
    game: "Valorant",
    title: "Cast des qualifs",
    tags: ["Cast", "Esport"],
    role: "organizer",
  },
  {
    username: "Sakura_GG",
    firstName: "Sakura",
    lastName: "Lefèvre",
    about: "Combos, frame data et bonne ambiance.",
    colors: ["#ff006e", "#ffbe0b"],
    game: "Street Fighter 6",
    title: "Labo combos",
    tags: ["FGC", "Training"],
  },
  {
    username: "TheBaron",
    firstName: "Bastien",
    lastName: "Roux",
    about: "Stratège du dimanche, champion de la LAN 2025.",
    colors: ["#588157", "#3a5a40"],
    game: "Dota 2",
    title: "Draft et macro",
    tags: ["Strategy"],
  },
  { username: "PixelPaul", firstName: "Paul", lastName: "Henry", about: "Je regarde, je commente, je perds au chat.", colors: ["#e9c46a", "#264653"], game: "Rocket League", title: "", tags: [] },
];

/** follower → followed */
export const demoFollows: [string, string][] = [
  ["PixelPaul", "ZeldaPro"],
  ["PixelPaul", "Kestrel"],
  ["PixelPaul", "NovaRush"],
  ["LaFleche", "ZeldaPro"],
  ["NovaRush", "ZeldaPro"],
  ["MiloCast", "ZeldaPro"],
  ["Sakura_GG", "ZeldaPro"],
  ["TheBaron", "ZeldaPro"],
  ["ZeldaPro", "Kestrel"],
  ["LaFleche", "Kestrel"],
  ["MiloCast", "Kestrel"],
  ["Kestrel", "MiloCast"],
  ["ZeldaPro", "LaFleche"],
  ["TheBaron", "Sakura_GG"],
];

export const demoReplays: { username: string; title: string; source: string; views: number; daysAgo: number }[] = [
  { username: "ZeldaPro", title: "Finale de la LAN du Rhône — BO5 complet", source: "testsrc2", views: 1834, daysAgo: 2 },
  { username: "ZeldaPro", title: "Climb Diamant → Master en une soirée", source: "smptehdbars", views: 642, daysAgo: 9 },
  { username: "Kestrel", title: "Clutchs de la semaine", source: "mandelbrot", views: 1203, daysAgo: 1 },
  { username: "Kestrel", title: "Coaching : placements sur Ancient", source: "life", views: 301, daysAgo: 16 },
  { username: "NovaRush", title: "Freestyle : 100 ceiling shots", source: "cellauto", views: 88, daysAgo: 4 },
  { username: "MiloCast", title: "Qualifs régionales — jour 1", source: "sierpinski", views: 455, daysAgo: 6 },
];
