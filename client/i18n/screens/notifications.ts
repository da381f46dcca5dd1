// The French texts of the "notifications" namespace travel with the code that shows them, not in the first load
// (client/lib/i18n.ts); every module using the namespace imports this file, so they are there before it renders.
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/notifications.json";

addFrenchTexts("notifications", texts);
