import type { User } from "../../db/types.ts";
import { changeStatus, createEvent, register, setParticipantStatus } from "../events/service.ts";
import type { AppDeps } from "../http/context.ts";
import { purchase } from "../tickets/service.ts";
import { eventTicketTypes } from "../events/ticket-catalogue.ts";
import { TicketTypeCreateSchema } from "../tickets/schemas.ts";
import { createTicketType } from "../tickets/type-editor.ts";
import { ticketSigner } from "../tickets/signing.ts";
import { approvePlayer, createTournament, joinTournament, setMatchScore, setWinner, startMatch, startTournament } from "../tournaments/commands.ts";
import { rounds } from "../tournaments/queries.ts";
import { applyMovement } from "../ledger/ledger.ts";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { demoReplays } from "./community.ts";
import { fold } from "../../shared/fold.ts";
import { validateTicket } from "../tickets/service.ts";
import type { Structure } from "../tournaments/engine.ts";
import { matchReplayTitle } from "../tournaments/match-replays.ts";
import { bracketOf, findTournament } from "../tournaments/records.ts";
import { roundTitleOfMatch } from "../tournaments/rounds.ts";
import { createStation, listStations, setAutoAssign } from "../tournaments/stations.ts";

const DAY = 24 * 60 * 60 * 1000;

/** The demo's tournaments: one of each layout, at different stages, so every screen has something to show. */
export const demoTournaments = [
  { name: "Coupe du Rhône — League of Legends", admin: "ZeldaPro", game: "League of Legends", format: "s_elim", size: 16, played: 10, prize: "300 € de matériel + trophée", inDays: -1 },
  { name: "Kestrel Cup — CS2 Wingman", admin: "Kestrel", game: "Counter-Strike 2", format: "d_elim", size: 8, played: 7, prize: "Maillots de la LAN", inDays: 0 },
  { name: "Ligue du jeudi — Rocket League", admin: "NovaRush", game: "Rocket League", format: "robin", size: 6, played: 9, prize: "Gloire éternelle", inDays: -7 },
  { name: "LAN d'hiver — Street Fighter 6", admin: "Sakura_GG", game: "Street Fighter 6", format: "s_elim", size: 8, played: Infinity, prize: "Stick arcade", inDays: -20 },
  { name: "Qualifs de printemps — Valorant", admin: "MiloCast", game: "Valorant", format: "s_elim", size: 8, played: 0, prize: "Place en finale régionale", inDays: 12 },
] as const;

/** Everyone who plays in the demo tournaments besides the community's members (no channel, no picture). */
export const demoPlayers = ["Orion", "Vega", "Altair", "Lyra", "Sirius", "Rigel", "Deneb", "Capella", "Antares", "Pollux", "Castor", "Mira"];

export const demoEvents = [
  {
    name: "LAN du Rhône 2027",
    organiser: "ZeldaPro",
    category: 2,
    inDays: 30,
    lengthHours: 48,
    max: 64,
    price: 15,
    location: "Salle des fêtes, Villeurbanne",
    approval: true,
    registrants: ["PixelPaul", "LaFleche", "NovaRush", "Orion", "Vega"],
    buyers: [
      ["PixelPaul", "pass_full"],
      ["LaFleche", "pass_day"],
    ],
  },
  {
    name: "Soirée de visionnage — finale régionale",
    organiser: "MiloCast",
    category: 6,
    inDays: 9,
    lengthHours: 4,
    max: 40,
    price: 0,
    location: "Bar Le Respawn, Lyon 7e",
    approval: false,
    registrants: ["PixelPaul", "TheBaron", "Sakura_GG"],
    buyers: [],
    // The organiser's own ticket types (issue 34, item 1): a free entry, and seats with a drink, few of them.
    ticketTypes: [
      { name: "Entrée libre", price: 0, description: "Debout, au comptoir", features: ["Écran géant"] },
      { name: "Place assise + boisson", price: 60, description: "Une table face à l'écran", features: ["Place assise", "Une boisson"], quantity: 20 },
      { name: "Pass VIP", price: 150, description: "Le premier rang, à côté des commentateurs", features: ["Premier rang", "Deux boissons", "Photo avec les finalistes"], quantity: 5 },
    ],
  },
  {
    name: "Atelier : bien démarrer sur OBS",
    organiser: "Kestrel",
    category: 4,
    inDays: 5,
    lengthHours: 2,
    max: 20,
    price: 5,
    location: "Médiathèque, Lyon 3e",
    approval: false,
    registrants: ["NovaRush", "LaFleche"],
    buyers: [
      ["ZeldaPro", "match"],
      ["NovaRush", "match"],
    ],
  },
] as const;

/**
 * DEMO mode's competitions: tournaments in every layout and stage (pending, running, finished) and
 * published events with registrations, all made through the same services the API calls.
 */
export async function seedDemoCompetitions(deps: AppDeps, userByName: (username: string) => Promise<User>): Promise<void> {
  for (const tournament of demoTournaments) await seedTournament(deps, tournament, userByName);
  for (const event of demoEvents) await seedEvent(deps, event, userByName);
  await seedDemoNight(deps, userByName);
}

/**
 * The night of the LAN du Rhône (issue 18): the event linked to its tournament, two stations (the main
 * one streamed by the organiser's live channel), a match being played there, one ticket scanned at the
 * door, and a match replay (a copy of the organiser's demo replay) on a played match's card.
 */
async function seedDemoNight(deps: AppDeps, userByName: (username: string) => Promise<User>): Promise<void> {
  const organiser = await userByName("ZeldaPro");
  const event = await deps.db.selectFrom("event").selectAll().where("name", "=", demoEvents[0].name).executeTakeFirstOrThrow();
  const tournament = await deps.db.selectFrom("tournament").selectAll().where("name", "=", demoTournaments[0].name).executeTakeFirstOrThrow();
  await deps.db.updateTable("event").set({ tournament_id: tournament.id }).where("id", "=", event.id).execute();
  await createStation(deps, organiser, tournament.id, { name: "Scène principale", channel: organiser.username });
  await createStation(deps, organiser, tournament.id, { name: "Poste 2", channel: null });
  await setAutoAssign(deps, organiser, tournament.id, true);
  const { stations } = await listStations(deps, tournament.id);
  const onStage = stations[0]?.matchID;
  if (onStage) {
    await startMatch(deps, organiser, onStage);
    await setMatchScore(deps, organiser, tournament.id, onStage, 1, 0);
  }
  const ticket = await deps.db.selectFrom("ticket").select("code").where("event_id", "=", event.id).orderBy("id").executeTakeFirst();
  if (ticket) await validateTicket(deps, ticketSigner(deps.config.mediaDir), organiser, ticket.code, event.id);
  const played = seedsOf((await rounds(deps, tournament.id)).data).find((seed) => seed.finished);
  const source = await deps.db.selectFrom("replay").selectAll().where("title", "=", demoReplays[0]!.title).executeTakeFirst();
  if (!played || !source?.file_path) return;
  const recordings = join(deps.config.mediaDir, "recordings");
  const [file, thumbnail] = [`${source.channel_id}/match-${played.id}.mp4`, `${source.channel_id}/match-${played.id}.jpg`];
  copyFileSync(join(recordings, source.file_path), join(recordings, file));
  if (source.thumbnail_path) copyFileSync(join(recordings, source.thumbnail_path), join(recordings, thumbnail));
  const matchId = Number(played.id.split("-")[1]);
  const title = matchReplayTitle("fr", roundTitleOfMatch(tournament.structure as Structure, bracketOf(await findTournament(deps.db, tournament.id))!, matchId), ...(await playerNames(deps, played)));
  await deps.db
    .insertInto("replay")
    .values({
      ...withoutId(source),
      title,
      search_title: fold(title),
      file_path: file,
      thumbnail_path: source.thumbnail_path ? thumbnail : null,
      tournament_id: tournament.id,
      match_id: matchId,
      partial: 0,
      view_count: 57,
    })
    .execute();
}

async function playerNames(deps: AppDeps, seed: DemoSeed): Promise<[string, string]> {
  const names = await Promise.all(
    seed.teams.map(
      async (team) =>
        (
          await deps.db
            .selectFrom("user")
            .select("username")
            .where("id", "=", team.playerID ?? 0)
            .executeTakeFirst()
        )?.username ?? "?",
    ),
  );
  return [names[0] ?? "?", names[1] ?? "?"];
}

function withoutId<T extends { id: number }>(row: T): Omit<T, "id"> {
  const { id: _, ...rest } = row;
  return rest;
}

async function seedTournament(deps: AppDeps, spec: (typeof demoTournaments)[number], userByName: (username: string) => Promise<User>): Promise<void> {
  const admin = await userByName(spec.admin);
  const game = await deps.db.selectFrom("game").select("id").where("name", "=", spec.game).executeTakeFirst();
  const start = new Date(deps.now() + spec.inDays * DAY);
  const id = await createTournament(deps, admin, {
    tournamentName: spec.name,
    format: spec.format,
    size: spec.size,
    isTeam: false,
    teamSize: 1,
    gameID: game?.id ?? 1,
    gameName: spec.game,
    gameMode: spec.format === "d_elim" ? "2v2" : "1v1",
    stream: true,
    description: `${spec.name} : tournoi ouvert à la communauté, matchs diffusés en direct sur la chaîne de ${spec.admin}.`,
    rules: "- BO1 jusqu'aux demi-finales, BO3 ensuite.\n- Présence 15 minutes avant chaque match.\n- Fair-play exigé : l'organisateur tranche les litiges.",
    prize: spec.prize,
    attentionNote: "",
    howItWorks: "",
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + DAY).toISOString(),
    timeZone: "Europe/Paris",
  });
  // The organiser plays too; the others join and are approved, until the pending one is 5/8.
  const full = spec.played > 0;
  const entrants = [spec.admin, ...[...memberNamesExcept(spec.admin), ...demoPlayers].slice(0, (full ? spec.size : 5) - 1)];
  for (const username of entrants) {
    const player = await userByName(username);
    await joinTournament(deps, player, id, player.id);
  }
  const pending = await deps.db.selectFrom("tournament_player").select("id").where("tournament_id", "=", id).where("status", "=", "pending").execute();
  for (const row of pending) await approvePlayer(deps, admin, id, row.id);
  if (!full) return;
  await startTournament(deps, admin, id);
  await playMatches(deps, admin, id, spec.played);
}

function memberNamesExcept(username: string): string[] {
  return ["ZeldaPro", "Kestrel", "LaFleche", "NovaRush", "MiloCast", "Sakura_GG", "TheBaron", "PixelPaul"].filter((name) => name !== username);
}

interface DemoSeed {
  id: string;
  finished: boolean;
  teams: { playerID: number | null }[];
}

/** Plays `count` ready matches in bracket order; the scores vary so the standings and cards look real. */
async function playMatches(deps: AppDeps, admin: User, tournamentId: number, count: number): Promise<void> {
  for (let played = 0; played < count; played++) {
    const { data, structure } = await rounds(deps, tournamentId);
    const next = seedsOf(data).find((seed) => !seed.finished && seed.teams.length === 2 && seed.teams.every((team) => team.playerID !== null));
    if (!next) return;
    await startMatch(deps, admin, next.id);
    const draw = structure === "robin" && played % 4 === 3;
    const upset = played % 3 === 1;
    const [a, b] = draw ? [1, 1] : upset ? [1, 2] : [2, played % 2];
    const winner = draw ? undefined : (a > b ? next.teams[0] : next.teams[1])!.playerID!;
    await setWinner(deps, admin, { matchID: next.id, tournmentID: tournamentId, winnerID: winner, scorePlayer1: a, scorePlayer2: b });
  }
}

function seedsOf(data: unknown): DemoSeed[] {
  const bracket = data as { seeds: DemoSeed[] }[] | { winnerBracket: { seeds: DemoSeed[] }[]; LoserBracket: { seeds: DemoSeed[] }[] };
  const roundList = Array.isArray(bracket) ? bracket : [...bracket.winnerBracket, ...bracket.LoserBracket];
  return roundList.flatMap((round) => round.seeds);
}

async function seedEvent(deps: AppDeps, spec: (typeof demoEvents)[number], userByName: (username: string) => Promise<User>): Promise<void> {
  const organiser = await userByName(spec.organiser);
  // Creating an event costs G-Coins: the demo organisers get a starting purse first.
  await applyMovement(deps.db, { userId: organiser.id, amount: 5000, type: "admin_credit", description: { code: "demo_credit" } }, deps.now());
  // Events start at a round hour (18:00 UTC, evening in Europe), as an organiser would set them.
  const start = new Date(deps.now() + spec.inDays * DAY).setUTCHours(18, 0, 0, 0);
  const { event } = await createEvent(deps, organiser, {
    name: spec.name,
    description: `${spec.name} : organisé par ${spec.organiser} pour la communauté Arena. Venez avec votre bonne humeur, on s'occupe du reste.`,
    categoryId: spec.category,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + spec.lengthHours * 60 * 60 * 1000).toISOString(),
    maxParticipants: spec.max,
    ticketPrice: spec.price,
    isPublic: true,
    requiresApproval: spec.approval,
    location: spec.location,
    rules: "- Pièce d'identité demandée à l'entrée.\n- Boissons et snacks sur place.",
    coverImage: null,
    tournamentId: null,
  });
  for (const type of "ticketTypes" in spec ? spec.ticketTypes : []) await createTicketType(deps, organiser, event.id, TicketTypeCreateSchema.parse(type));
  await changeStatus(deps, organiser, event.id, "published");
  for (const [index, username] of spec.registrants.entries()) {
    const user = await userByName(username);
    await register(deps, user, event.id);
    // With approval on, the organiser has answered most requests and left a couple pending.
    if (spec.approval && index < spec.registrants.length - 2) {
      const participant = await deps.db.selectFrom("event_participant").select("id").where("event_id", "=", event.id).where("user_id", "=", user.id).executeTakeFirstOrThrow();
      await setParticipantStatus(deps, organiser, event.id, participant.id, "approved");
    }
  }
  // A few members already hold tickets, so "My tickets" and the door have something to show.
  for (const [username, ticketType] of spec.buyers) {
    const buyer = await userByName(username);
    await applyMovement(deps.db, { userId: buyer.id, amount: 1000, type: "admin_credit", description: { code: "demo_credit" } }, deps.now());
    const price = (await eventTicketTypes(deps.db, event.id, "fr")).types.find((type) => type.type === ticketType)!.price;
    await purchase(deps, ticketSigner(deps.config.mediaDir), buyer, { userId: buyer.id, eventId: event.id, ticketType, price }, "fr");
  }
}
