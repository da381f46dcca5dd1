// The French texts of the "fediverse" namespace travel with the code that shows them (client/lib/i18n.ts).
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/fediverse.json";

addFrenchTexts("fediverse", texts);
