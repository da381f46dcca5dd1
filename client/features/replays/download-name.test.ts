import { describe, expect, it } from "bun:test";
import { replayDownloadName } from "./download-name.ts";

describe("replayDownloadName (issue 34, item 10)", () => {
  it("names the file after the replay's title, accents and spaces kept", () => {
    expect(replayDownloadName({ id: 9, title: "Première soirée de Nova" })).toBe("Première soirée de Nova.mp4");
  });

  it("turns the characters a file system refuses into spaces, and never leaves a name empty", () => {
    expect(replayDownloadName({ id: 9, title: 'Finale: "A/B" <BO3>?' })).toBe("Finale A B BO3.mp4");
    expect(replayDownloadName({ id: 9, title: "../.." })).toBe("replay-9.mp4");
    expect(replayDownloadName({ id: 12, title: "  \u0000\t " })).toBe("replay-12.mp4");
  });

  it("keeps a long title to 120 characters before the extension", () => {
    expect(replayDownloadName({ id: 1, title: "é".repeat(300) })).toBe(`${"é".repeat(120)}.mp4`);
  });
});
