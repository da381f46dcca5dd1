/** One call's figures under load: answers per second and latency quantiles over every request. */
export interface LoadResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * `connections` loops requesting as fast as answers come, for `seconds`, cycling through `urls`;
 * latency per request. `init` goes with every request (a signed-in call's Authorization header).
 */
export async function load(name: string, urls: string[], connections: number, seconds: number, init?: RequestInit): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const url = urls[next++ % urls.length]!;
        const started = performance.now();
        const res = await fetch(url, init).catch(() => undefined);
        if (!res?.ok) errors++;
        await res?.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, requests: latencies.length, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}
