// Work a request starts and does not wait for (a data export's ZIP, a backup), tracked so that a test
// or a shutdown can wait until it is all done: `backgroundSettled()`.
const pending = new Set<Promise<unknown>>();

export function runInBackground<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  work.then(
    () => pending.delete(work),
    () => pending.delete(work),
  );
  return work;
}

export async function backgroundSettled(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
