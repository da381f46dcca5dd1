import { createFederation, type Federation, kvCache } from "@fedify/fedify";
import { Endpoints, Image, Person, Service } from "@fedify/vocab";
import packageJson from "../../package.json" with { type: "json" };
import { escapeAttribute } from "../../shared/embeds.ts";
import type { AppDeps } from "../http/context.ts";
import { siteSettings } from "../site/settings/settings.ts";
import { type ActorProfile, actorProfile, identifierOfHandle, parseIdentifier } from "./actors.ts";
import { listenToInbox } from "./inbox.ts";
import { DatabaseKvStore } from "./kv-store.ts";
import { remoteContextLoader, remoteDocumentLoader } from "./remote.ts";
import { ACTOR_PATH, FOLLOWERS_PATH } from "./uris.ts";
import { actorKeyPairs } from "./keys.ts";
import { setPostDispatchers } from "./post-dispatchers.ts";

// Arena's ActivityPub side, built on Fedify (issue 38): WebFinger, NodeInfo and the actors' documents. Every id and
// link starts with the site's fediverse address (a site setting), whatever host the request came through.

export function buildFederation(deps: AppDeps, origin: string): Federation<void> {
  const kv = new DatabaseKvStore(deps.db, deps.now);
  const federation = createFederation<void>({
    kv,
    origin,
    // Every remote read (a follower's actor, a signer's key) goes through Arena's outbound rule (./remote.ts), and is
    // kept a while in the shared store as Fedify's own loader would (a busy instance's actor is read once, not per activity).
    documentLoaderFactory: () => kvCache({ loader: remoteDocumentLoader(deps), kv, prefix: ["_fedify", "remoteDocument"] }),
    contextLoaderFactory: () => remoteContextLoader(deps),
    // Fedify signs a read as the local actor it acts for (an inbox's owner): the same rule, with a signature.
    authenticatedDocumentLoaderFactory: (signer) => remoteDocumentLoader(deps, signer),
  });
  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const ref = parseIdentifier(identifier);
      const profile = ref && (await actorProfile(deps.db, ref));
      if (!profile) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return actorDocument(profile, {
        id: ctx.getActorUri(identifier),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        sharedInbox: ctx.getInboxUri(),
        origin,
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((key) => key.multikey),
      });
    })
    .mapHandle((_ctx, handle) => identifierOfHandle(deps.db, handle))
    .setKeyPairsDispatcher((_ctx, identifier) => {
      const ref = parseIdentifier(identifier);
      return ref ? actorKeyPairs(deps, ref) : [];
    });
  listenToInbox(federation, deps, origin);
  setPostDispatchers(federation, deps, origin);
  federation.setFollowersDispatcher(FOLLOWERS_PATH, () => ({ items: [] }));
  federation.setNodeInfoDispatcher("/nodeinfo/2.1", async () => ({
    software: { name: "arena", version: packageJson.version, homepage: new URL(origin) },
    protocols: ["activitypub"],
    openRegistrations: (await siteSettings(deps)).signupsOpen,
    usage: { users: { total: await countChannels(deps) }, localPosts: 0, localComments: 0 },
  }));
  return federation;
}

interface ActorLinks {
  id: URL;
  inbox: URL;
  outbox: URL;
  followers: URL;
  sharedInbox: URL;
  origin: string;
  publicKey: ConstructorParameters<typeof Person>[0]["publicKey"];
  assertionMethods: ConstructorParameters<typeof Person>[0]["assertionMethods"];
}

/**
 * A channel is a `Person`: a member streams on it, and Mastodon marks a `Service` "automated", which a streamer is not.
 * A tournament or an event is a `Service`: what it posts Arena writes by itself (a result, tickets on sale); a `Group`
 * would promise what fediverse groups do (members post to it and it boosts them), which it does not.
 */
function actorDocument(profile: ActorProfile, links: ActorLinks): Person | Service {
  const values = {
    id: links.id,
    preferredUsername: profile.handle,
    name: profile.name,
    summary: profile.about ? summaryHtml(profile.about) : null,
    url: new URL(profile.page, links.origin),
    icon: profile.icon ? picture(profile.icon, links.origin) : null,
    image: profile.banner ? picture(profile.banner, links.origin) : null,
    published: Temporal.Instant.fromEpochMilliseconds(profile.createdAt),
    inbox: links.inbox,
    outbox: links.outbox,
    followers: links.followers,
    endpoints: new Endpoints({ sharedInbox: links.sharedInbox }),
    manuallyApprovesFollowers: false,
    publicKey: links.publicKey,
    assertionMethods: links.assertionMethods,
  };
  return profile.ref.type === "channel" ? new Person(values) : new Service(values);
}

/** Uploads are re-encoded to WebP (server/http/images.ts); a seeded picture may be another kind, left for the reader to sniff. */
function picture(path: string, origin: string): Image {
  return new Image({ url: new URL(path, origin), mediaType: path.endsWith(".webp") ? "image/webp" : null });
}

/** The member's plain text, escaped, its lines kept: remote servers show `summary` as HTML. */
function summaryHtml(text: string): string {
  return `<p>${escapeAttribute(text).replace(/\r?\n/g, "<br>")}</p>`;
}

async function countChannels(deps: Pick<AppDeps, "db">): Promise<number> {
  const row = await deps.db
    .selectFrom("channel")
    .innerJoin("user", "user.id", "channel.user_id")
    .where("user.suspended_at", "is", null)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
