import { describe, expect, it } from "bun:test";
import { fold } from "./fold.ts";

describe("fold", () => {
  it("drops accents and case, so a search matches whichever the text or the term has", () => {
    expect(fold("Élite Ça")).toBe("elite ca");
    expect(fold("ÉLÈVE")).toBe(fold("eleve"));
    expect(fold("Pokémon Écarlate")).toBe("pokemon ecarlate");
  });

  it("trims the ends and keeps what is not a letter with an accent", () => {
    expect(fold("  Street Fighter 6 ")).toBe("street fighter 6");
    expect(fold("50% & co_op")).toBe("50% & co_op");
    expect(fold("")).toBe("");
  });
});
