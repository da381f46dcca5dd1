import { afterEach, describe, expect, it } from "bun:test";
import { getStream, STREAM_TIMEOUT_MS, streamErrorKey } from "./get-stream.ts";

const realFetch = globalThis.fetch;
const realTimeout = AbortSignal.timeout;
afterEach(() => {
  globalThis.fetch = realFetch;
  AbortSignal.timeout = realTimeout;
});

/** Answers every fetch with `answer`, or fails like a network that does not answer. */
function serve(answer: Response | "no answer") {
  globalThis.fetch = (async () => {
    if (answer === "no answer") throw new TypeError("Failed to fetch");
    return answer;
  }) as unknown as typeof fetch;
}

async function loadError(username = "someone"): Promise<unknown> {
  return getStream(username).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("a failed stream load (spec 01 §8)", () => {
  it("says 'Délai d'attente dépassé' when the call outlives its 10 s", async () => {
    AbortSignal.timeout = (ms: number) => {
      expect(ms).toBe(STREAM_TIMEOUT_MS);
      return AbortSignal.abort();
    };
    serve("no answer");
    expect(STREAM_TIMEOUT_MS).toBe(10_000);
    expect(streamErrorKey(await loadError())).toBe("load_timeout");
  });

  it("tells no answer, 401, 5xx and anything else apart", async () => {
    serve("no answer");
    expect(streamErrorKey(await loadError())).toBe("load_unreachable");
    serve(Response.json({ success: false, code: "unauthorized", msg: "no" }, { status: 401 }));
    expect(streamErrorKey(await loadError())).toBe("load_session_expired");
    serve(Response.json({ success: false, code: "internal", msg: "down" }, { status: 503 }));
    expect(streamErrorKey(await loadError())).toBe("load_server_error");
    serve(new Response("teapot", { status: 418 }));
    expect(streamErrorKey(await loadError())).toBe("load_error");
    expect(streamErrorKey(new Error("anything"))).toBe("load_error");
  });

  it("keeps the 404 answer's username so the page can go to the profile", async () => {
    serve(Response.json({ success: false, code: "channel_not_found", msg: "no channel", username: "Kestrel" }, { status: 404 }));
    expect(await loadError("kestrel")).toMatchObject({ status: 404, profileUsername: "Kestrel" });
  });
});
