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
