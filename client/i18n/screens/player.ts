// The French texts of the "player" namespace travel with the player, not in the first load (client/lib/i18n.ts):
// every module using the namespace imports this file, so they are there before it renders.
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/player.json";

addFrenchTexts("player", texts);
