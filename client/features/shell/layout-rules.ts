import { isEmbedPath } from "../../../shared/embed-paths.ts";

/** Pages drawn without any frame (spec 01 §2): the password screens and the OBS chat dock. */
const BARE = new Set(["reset-password", "new-password", "streamChat"]);
/** Pages with a slim top bar (logo instead of the menu button) and no sidebar. */
const SLIM = new Set(["privacy-policy", "terms-and-conditions", "how-to-stream"]);

type ShellMode = "full" | "slim" | "bare" | "embed";

/** "embed": the pages other sites frame (/embed/…), without the site's chrome, banners or dialogs. */
export function shellModeFor(pathname: string): ShellMode {
  if (isEmbedPath(pathname)) return "embed";
  const first = pathname.split("/")[1] ?? "";
  if (BARE.has(first)) return "bare";
  if (SLIM.has(first)) return "slim";
  return "full";
}

/** OBS overlays (issue 36, item 4): the page is the overlay alone, no frame, banner or dialog around it. */
export function isOverlayPath(pathname: string): boolean {
  return pathname.split("/")[1] === "overlay";
}
