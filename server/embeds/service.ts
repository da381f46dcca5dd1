// The oEmbed answer for a page of this site (issue 36, item 3). It is always the answer a visitor gets: a
// consumer's server asks without a session, and a private event or a suspended channel must not show
// through another site. What each page shows, and to whom, is the page's own rule (the same readers).
import { type EmbedKind, embedPath, fittedSize, iframeHtml } from "../../shared/embeds.ts";
import { findChannelByUsername } from "../channels/service.ts";
import { getEvent } from "../events/service.ts";
import type { AppDeps } from "../http/context.ts";
import { AppError, NotFoundError } from "../http/errors.ts";
import type { Language } from "../i18n/messages.ts";
import { siteSettings } from "../site/settings/settings.ts";
import { findTournament } from "../tournaments/records.ts";
import type { OEmbed, OEmbedQuery } from "./schemas.ts";

interface Embedded {
  kind: EmbedKind;
  key: string | number;
  title: string;
  authorName: string;
  authorPath: string;
}

/** 404 for an address that is not a page of this site (or one a visitor may not see), 501 for a format other than json. */
export async function oembedFor(deps: AppDeps, query: OEmbedQuery, lang: Language): Promise<OEmbed> {
  if (query.format !== "json") throw new AppError(501, "oembed_format_unsupported");
  const path = pathOnThisSite(query.url, deps.config.publicUrl);
  const embedded = path === undefined ? undefined : await pageAt(deps, path, lang);
  if (!embedded) throw new NotFoundError("embed_not_found");
  const { name } = await siteSettings(deps);
  const site = deps.config.publicUrl;
  const size = fittedSize(embedded.kind, query);
  return {
    version: "1.0",
    type: embedded.kind === "player" ? "video" : "rich",
    title: embedded.title,
    author_name: embedded.authorName,
    author_url: `${site}${embedded.authorPath}`,
    provider_name: name,
    provider_url: `${site}/`,
    html: iframeHtml(`${site}${embedPath(embedded.kind, embedded.key)}`, embedded.title, size),
    ...size,
  };
}

/** The path of an address on this site (its public address); undefined for another site's or a malformed one. */
function pathOnThisSite(url: string, publicUrl: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(publicUrl).origin ? parsed.pathname.replace(/\/$/, "") : undefined;
  } catch {
    return undefined;
  }
}

// The site's pages and their embed pages both name what they show.
const PAGES: [RegExp, (deps: AppDeps, key: string, lang: Language) => Promise<Embedded | undefined>][] = [
  [/^\/(?:stream|embed)\/([^/]+)(\/chat)?$/, (deps, key) => channelAt(deps, key)],
  [/^\/(?:tournament|embed\/tournament)\/(\d+)$/, (deps, key) => tournamentAt(deps, Number(key))],
  [/^\/(?:events|embed\/event)\/([^/]+)$/, (deps, key, lang) => eventAt(deps, key, lang)],
];

async function pageAt(deps: AppDeps, path: string, lang: Language): Promise<Embedded | undefined> {
  for (const [pattern, read] of PAGES) {
    const match = pattern.exec(path);
    if (!match) continue;
    try {
      const embedded = await read(deps, decodeURIComponent(match[1]!), lang);
      return embedded && match[2] ? { ...embedded, kind: "chat" } : embedded;
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof URIError) return undefined;
      throw error;
    }
  }
  return undefined;
}

async function channelAt(deps: AppDeps, username: string): Promise<Embedded | undefined> {
  const { user, channel } = await findChannelByUsername(deps, username);
  if (!channel) return undefined;
  const authorPath = `/stream/${encodeURIComponent(user.username)}`;
  return { kind: "player", key: user.username, title: channel.title || user.username, authorName: user.username, authorPath };
}

async function tournamentAt(deps: AppDeps, id: number): Promise<Embedded | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const tournament = await findTournament(deps.db, id);
  const admin = await deps.db.selectFrom("user").select("username").where("id", "=", tournament.admin_id).executeTakeFirst();
  return { kind: "tournament", key: id, title: tournament.name, authorName: admin?.username ?? tournament.name, authorPath: `/tournament/${id}` };
}

async function eventAt(deps: AppDeps, slug: string, lang: Language): Promise<Embedded | undefined> {
  const event = await getEvent(deps, slug, lang);
  return { kind: "event", key: event.slug, title: event.name, authorName: event.organizer.name, authorPath: `/events/${encodeURIComponent(event.slug)}` };
}
