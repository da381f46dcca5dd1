import type { Context } from "hono";

/** Serves a file with HTTP range support, so players can seek and downloads can resume. */
export function serveFileWithRanges(c: Context, path: string, contentType: string, cacheControl: string): Response {
  const file = Bun.file(path);
  const size = file.size;
  const headers: Record<string, string> = { "accept-ranges": "bytes", "content-type": contentType, "cache-control": cacheControl };
  const range = parseRange(c.req.header("range"), size);
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  if (!range) return new Response(file, { status: 200, headers: { ...headers, "content-length": String(size) } });
  const { start, end } = range;
  return new Response(file.slice(start, end + 1), {
    status: 206,
    headers: { ...headers, "content-range": `bytes ${start}-${end}/${size}`, "content-length": String(end - start + 1) },
  });
}

/** One range of "bytes=a-b", "bytes=a-" or "bytes=-n"; several ranges are answered with the whole file. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  let start: number;
  let end: number;
  if (from === "") {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
