import sanitizeHtml from "sanitize-html";
import { LEGAL_ALLOWED_ATTRIBUTES, LEGAL_ALLOWED_TAGS } from "./schemas.ts";

const options: sanitizeHtml.IOptions = {
  allowedTags: [...LEGAL_ALLOWED_TAGS],
  allowedAttributes: { "*": [...LEGAL_ALLOWED_ATTRIBUTES] },
  // Anything else (javascript:, data:, vbscript:) is dropped from href.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Script, style and the like vanish with their text; other unknown tags vanish but keep their text.
  disallowedTagsMode: "discard",
  transformTags: {
    // A link that opens a new tab must not hand the opener to the other site.
    a: (tagName, attribs) => (attribs.target === "_blank" ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs }),
  },
};

/** Legal HTML as stored and served: only the allow-list of spec 01 §5 survives. */
export function sanitizeLegalHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
