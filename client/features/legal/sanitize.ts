import DOMPurify from "dompurify";
import { LEGAL_ALLOWED_ATTRIBUTES, LEGAL_ALLOWED_TAGS } from "../../../server/legal/schemas.ts";

// A private instance, so the hook below touches no other use of DOMPurify in the app.
const purifier = DOMPurify(window);
purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
});

/** Legal HTML as the browser shows it: the allow-list of spec 01 §5 again, whatever the server sent. */
export function sanitizeLegalHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...LEGAL_ALLOWED_TAGS],
    ALLOWED_ATTR: [...LEGAL_ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
