// The whole "components" namespace (the developer page's gallery of components) travels with that page; the
// shell keeps only "loading" (client/lib/i18n.ts). Read as text, like ./discovery.ts, so the shell's named
// import keeps the rest out of the first load.
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/components.json?raw";

addFrenchTexts("components", JSON.parse(texts));
