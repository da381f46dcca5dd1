// The French texts of the "storage" namespace (the storage policy's panel, the pin of a replay, the
// streamer's "not recorded" warning) travel with the code that shows them; every module using it imports this file.
import { addFrenchTexts } from "../../lib/i18n.ts";
import texts from "../locales/fr/storage.json";

addFrenchTexts("storage", texts);
