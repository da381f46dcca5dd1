// The whole "errors" namespace (every API error code) travels with the screens that show one; the shell keeps
// only the few it shows itself (client/lib/i18n.ts). Read as text: a default import of the JSON module would
// pull the whole namespace back into the first load, where the shell imports its keys by name.
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/errors.json?raw";

addFrenchTexts("errors", JSON.parse(texts));
