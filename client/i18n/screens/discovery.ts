// The whole "discovery" namespace (the home page, game, tag and search pages) travels with those screens; the
// shell keeps only the search box's texts (client/lib/i18n.ts). Read as text: a default import of the JSON module
// would pull the whole namespace back into the first load, where the shell imports its keys by name.
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/discovery.json?raw";

addFrenchTexts("discovery", JSON.parse(texts));
