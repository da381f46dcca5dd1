import { escapeAttribute } from "../../shared/embeds.ts";

// The pages an oEmbed consumer may be given (a channel, a tournament, an event) name their oEmbed address in the
// HTML the server sends: a consumer reads that HTML without running the web app.
const DISCOVERABLE = /^\/(stream\/[^/]+|tournament\/\d+|events\/[^/]+)\/?$/;

/** The page's <link rel="alternate" type="application/json+oembed">, or "" for a page with nothing to embed. */
export function oembedDiscoveryLink(path: string, publicUrl: string): string {
  if (!DISCOVERABLE.test(path)) return "";
  const href = `${publicUrl}/api/oembed?url=${encodeURIComponent(`${publicUrl}${path.replace(/\/$/, "")}`)}&format=json`;
  return `<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(href)}" />`;
}

/** The web app's page with the link in its head (the same page otherwise: its inline script keeps its hash). */
export function withDiscoveryLink(html: string, link: string): string {
  return link ? html.replace("</head>", `    ${link}\n  </head>`) : html;
}
