// The whole "consent" namespace (the Customize dialog, the cookie settings page) travels with those screens; the
// shell keeps only the cookie banner's texts (client/lib/i18n.ts). Read as text, like ./discovery.ts, so the
// shell's named imports keep the rest out of the first load.
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/consent.json?raw";

addFrenchTexts("consent", JSON.parse(texts));
