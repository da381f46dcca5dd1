import { GamesCatalogue } from "./games-catalogue.tsx";
import { LegalEditor } from "./legal-editor.tsx";
import { SiteSettings } from "./site-settings.tsx";

/** The Site tab: the site's identity, sign-ups and mail, its legal texts, its games. */
export function SitePanel() {
  return (
    <div className="admin-site">
      <SiteSettings />
      <LegalEditor />
      <GamesCatalogue />
    </div>
  );
}
