// The games catalogue as an admin keeps it (issue 20): add a title, edit one, hide or show it, and
// give it an icon and posters. An edited title keeps the admin's version when the shipped catalogue
// is applied at start-up (seedGames); titles an admin adds take ids from ADMIN_GAME_IDS_FROM, so a
// future shipped title never lands on one. Admins only; every change is audited.
import { inTransaction } from "../../../db/transaction.ts";
import type { Game, User } from "../../../db/types.ts";
import { recordAudit } from "../../admin/audit.ts";
import { assertAdmin } from "../../admin/guard.ts";
import type { AppDeps } from "../../http/context.ts";
import { NotFoundError } from "../../http/errors.ts";
import { imageKinds, removeUpload, storeImage } from "../../http/images.ts";

const ADMIN_GAME_IDS_FROM = 10_001;

/** A title's texts as an admin types them. */
interface GameInput {
  name: string;
  shortName: string;
  descriptionFr: string;
  descriptionEn: string;
}

type GamePicture = "icon" | "portrait" | "landscape";
const pictureColumn = { icon: "icon", portrait: "portrait_image", landscape: "landscape_image" } as const;
const pictureKind = { icon: imageKinds.gameIcon, portrait: imageKinds.gamePortrait, landscape: imageKinds.gameLandscape } as const;

/** Shown until an admin uploads a picture of the title's own. */
const PLACEHOLDER = "/games/placeholder.svg";

function toAdminGame(game: Game) {
  return {
    id: game.id,
    name: game.name,
    shortName: game.short_name,
    descriptionFr: game.description_fr,
    descriptionEn: game.description_en,
    icon: game.icon,
    portraitImage: game.portrait_image,
    landscapeImage: game.landscape_image,
    hidden: game.hidden_at !== null,
    edited: game.edited_at !== null,
  };
}

export async function listGamesForAdmin(deps: AppDeps, caller: User) {
  assertAdmin(caller);
  const rows = await deps.db.selectFrom("game").selectAll().orderBy("name").execute();
  return rows.map(toAdminGame);
}

const texts = (game: Pick<Game, "name" | "short_name" | "description_fr" | "description_en">) => ({
  name: game.name,
  shortName: game.short_name,
  descriptionFr: game.description_fr,
  descriptionEn: game.description_en,
});

export async function addGame(deps: AppDeps, caller: User, input: GameInput) {
  assertAdmin(caller);
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const { max } = await trx
      .selectFrom("game")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow();
    const id = Math.max(Number(max ?? 0) + 1, ADMIN_GAME_IDS_FROM);
    const game = await trx
      .insertInto("game")
      .values({
        id,
        name: input.name,
        short_name: input.shortName,
        description_fr: input.descriptionFr,
        description_en: input.descriptionEn,
        icon: PLACEHOLDER,
        portrait_image: PLACEHOLDER,
        landscape_image: PLACEHOLDER,
        edited_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, caller, { action: "game.add", targetType: "game", targetId: id, after: texts(game) }, now);
    return toAdminGame(game);
  });
}

async function findGame(db: Parameters<Parameters<typeof inTransaction>[1]>[0], id: number): Promise<Game> {
  const game = await db.selectFrom("game").selectAll().where("id", "=", id).executeTakeFirst();
  if (!game) throw new NotFoundError("game_not_found");
  return game;
}

export async function editGame(deps: AppDeps, caller: User, id: number, input: GameInput) {
  assertAdmin(caller);
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const before = await findGame(trx, id);
    const game = await trx
      .updateTable("game")
      .set({ name: input.name, short_name: input.shortName, description_fr: input.descriptionFr, description_en: input.descriptionEn, edited_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, caller, { action: "game.edit", targetType: "game", targetId: id, before: texts(before), after: texts(game) }, now);
    return toAdminGame(game);
  });
}

/** A hidden game leaves the catalogue, the pickers, search and trending; channels and replays that name it keep it. */
export async function setGameHidden(deps: AppDeps, caller: User, id: number, hidden: boolean) {
  assertAdmin(caller);
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    const before = await findGame(trx, id);
    if ((before.hidden_at !== null) === hidden) return toAdminGame(before);
    const game = await trx
      .updateTable("game")
      .set({ hidden_at: hidden ? now : null, edited_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, caller, { action: hidden ? "game.hide" : "game.show", targetType: "game", targetId: id, before: { hidden: !hidden }, after: { hidden } }, now);
    return toAdminGame(game);
  });
}

/** The picture is checked and re-encoded like every upload; the one it replaces goes, unless it shipped with Arena. */
export async function replaceGamePicture(deps: AppDeps, caller: User, id: number, picture: GamePicture, file: unknown) {
  assertAdmin(caller);
  const path = await storeImage(deps, file, pictureKind[picture], caller.id);
  const column = pictureColumn[picture];
  const now = deps.now();
  const { game, previous } = await inTransaction(deps.db, async (trx) => {
    const before = await findGame(trx, id);
    const game = await trx
      .updateTable("game")
      .set({ [column]: path, edited_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, caller, { action: `game.${picture}`, targetType: "game", targetId: id, before: { [picture]: before[column] }, after: { [picture]: path } }, now);
    return { game, previous: before[column] };
  }).catch(async (error) => {
    await removeUpload(path, deps.config.mediaDir);
    throw error;
  });
  await removeUpload(previous, deps.config.mediaDir);
  return toAdminGame(game);
}
