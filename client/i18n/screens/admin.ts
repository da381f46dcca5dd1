// The French texts of the "admin" namespace travel with the console's code, not in the first load
// (client/lib/i18n.ts); every module using the namespace imports this file.
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/admin.json";

addFrenchTexts("admin", texts);
