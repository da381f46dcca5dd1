// The French texts of the "tokens" namespace travel with the code that shows them (client/lib/i18n.ts).
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/tokens.json";

addFrenchTexts("tokens", texts);
