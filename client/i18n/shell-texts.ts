import { loading } from "./locales/fr/components.json";
import { accept_all, banner_label, banner_text, customize, learn_more, reject } from "./locales/fr/consent.json";
import {
  followers_one,
  followers_other,
  no_results,
  search,
  search_placeholder,
  search_suggestions,
  searching,
  section_channels,
  section_games,
  see_all_results,
  verified,
} from "./locales/fr/discovery.json";
import { internal, network_error, oauth_failed, session_expired } from "./locales/fr/errors.json";
import type { Translations } from "../lib/translation-loader.ts";

// Of some namespaces the shell shows a few texts, imported by name; the rest come with the screens
// (client/i18n/screens/): four of the API's error texts, the search box's, the cookie banner's and the spinner's label.
export const shellSubsets: Translations = {
  errors: { internal, network_error, oauth_failed, session_expired },
  discovery: { followers_one, followers_other, no_results, search, search_placeholder, search_suggestions, searching, section_channels, section_games, see_all_results, verified },
  components: { loading },
  consent: { accept_all, banner_label, banner_text, customize, learn_more, reject },
};
