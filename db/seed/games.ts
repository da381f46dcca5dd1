// Temporary two-game catalogue until the full catalogue lands in this file.
export interface GameSeed { id: number; shortName: string; name: string; description: { fr: string; en: string }; icon: string; landscapeImage: string; portraitImage: string; }
export const games: GameSeed[] = [
  { id: 1, shortName: "LoL", name: "League of Legends", description: { fr: "MOBA.", en: "MOBA." }, icon: "/games/league-of-legends/icon.svg", landscapeImage: "/games/league-of-legends/landscape.svg", portraitImage: "/games/league-of-legends/portrait.svg" },
  { id: 2, shortName: "CS2", name: "Counter-Strike 2", description: { fr: "FPS.", en: "FPS." }, icon: "/games/counter-strike-2/icon.svg", landscapeImage: "/games/counter-strike-2/landscape.svg", portraitImage: "/games/counter-strike-2/portrait.svg" },
];
