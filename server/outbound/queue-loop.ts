import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { DB } from "../../db/types.ts";

// A node's loop over a durable outgoing queue (webhooks, the fediverse): a pass every `pollMs`, and at once when the
// node itself queued something; never two passes at a time, and a wake-up during a pass runs one more after it.

interface QueueLoop {
  /** One pass over the queue: sends what is due. */
  drain(): Promise<void>;
  pollMs: number;
  /** Subscribes `wake` to this node's "something was queued"; returns the unsubscribe. */
  onQueued(wake: () => void): () => void;
  log(line: string): void;
}

/** Starts the loop; returns its stop, which waits for a pass under way (it uses the database the caller closes next). */
export function startQueueLoop(loop: QueueLoop): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop
      .drain()
      .catch((error: unknown) => loop.log((error as Error).message))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  const timer = setInterval(pass, loop.pollMs);
  const off = loop.onQueued(pass);
  return async () => {
    stopped = true;
    clearInterval(timer);
    off();
    await running;
  };
}

/** The columns a claimable queue's rows share (webhook_delivery, federation_delivery). */
interface QueueRow {
  id: number;
  state: string;
  next_attempt_at: number;
  claimed_until: number | null;
}
type QueueTable = "webhook_delivery" | "federation_delivery";

/**
 * Takes up to `batch` due rows of `table` for `claimMs`: the second node to ask finds them claimed (the update checks
 * its condition again), and a node that dies mid-send leaves its claim to run out.
 */
export async function claimDueRows<T extends QueueTable>(db: Db, table: T, now: number, claimMs: number, batch: number): Promise<Selectable<DB[T]>[]> {
  // The two tables share these columns; Kysely cannot see it through a type parameter.
  const queue = db as unknown as Kysely<Record<QueueTable, QueueRow>>;
  const free = (eb: ExpressionBuilder<Record<QueueTable, QueueRow>, QueueTable>) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]);
  const claimed = await queue
    .updateTable(table as QueueTable)
    .set({ claimed_until: now + claimMs })
    .where("id", "in", (eb) =>
      eb
        .selectFrom(table as QueueTable)
        .select("id")
        .where("state", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where(free)
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(batch),
    )
    .where("state", "=", "pending")
    .where(free)
    .returningAll()
    .execute();
  return claimed as unknown as Selectable<DB[T]>[];
}
