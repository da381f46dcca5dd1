import { describe, expect, it } from "bun:test";
import { dialectOf } from "../../db/index.ts";
import { openSignals } from "../../db/signals.ts";
import { freshDeps } from "../../tests/fixtures/service-world.ts";
import { waitFor } from "../../tests/fixtures/publisher.ts";
import { updateUsername } from "../auth/service.ts";
import { regenerateStreamKey } from "../channels/service.ts";
import { StreamKeyDirectory } from "./stream-keys.ts";

const w = await freshDeps();
const quiet = () => undefined;

describe("the stream keys the media server checks at publish time", () => {
  it("knows a new channel's key, forgets a replaced one, and follows a renamed owner", async () => {
    const directory = await StreamKeyDirectory.open(w.db, w.deps.signals, quiet);
    const owner = await w.makeUser({ username: "keyholder" });
    const channel = await w.makeChannel(owner);
    await waitFor("the new channel's key", () => directory.lookup(channel.stream_key));
    expect(directory.lookup(channel.stream_key)).toEqual({ id: channel.id, username: "keyholder" });

    const { channel: renewed } = await regenerateStreamKey(w.deps, owner);
    await waitFor("the new key", () => directory.lookup(renewed.stream_key));
    expect(directory.lookup(channel.stream_key)).toBeUndefined();

    await updateUsername(w.deps, owner, "keyholder2");
    await waitFor("the new name", () => directory.lookup(renewed.stream_key)?.username === "keyholder2");
    directory.close();
  });

  it("hears a change made through another connection to the database, as another node's would be", async () => {
    const elsewhere = await openSignals(w.db);
    const directory = await StreamKeyDirectory.open(w.db, elsewhere, quiet);
    const owner = await w.makeUser({ username: "farkeys" });
    const channel = await w.makeChannel(owner);
    // On SQLite there is one process, whose signals stay in it: other nodes are PostgreSQL's case.
    if (dialectOf(w.db) === "postgres") await waitFor("the key made through the other connection", () => directory.lookup(channel.stream_key));
    else await directory.reload();
    expect(directory.lookup(channel.stream_key)?.id).toBe(channel.id);
    directory.close();
    await elsewhere.close();
  });
});
