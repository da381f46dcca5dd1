import { describe, expect, it } from "bun:test";
import { LEGAL_TYPES, legalTexts } from "../../db/seed/legal-texts.ts";
import { sanitizeLegalHtml } from "./sanitize.ts";

describe("sanitizeLegalHtml", () => {
  it("keeps the allowed tags and attributes", () => {
    const html = '<h1>a</h1><h6>b</h6><div class="x"><span>c</span><br><ul><li><strong>d</strong> <em>e</em> <u>f</u></li></ul><ol><li>g</li></ol></div>';
    expect(sanitizeLegalHtml(html)).toBe('<h1>a</h1><h6>b</h6><div class="x"><span>c</span><br /><ul><li><strong>d</strong> <em>e</em> <u>f</u></li></ul><ol><li>g</li></ol></div>');
  });

  it("drops scripts with their text, other tags but not their text, and every other attribute", () => {
    expect(sanitizeLegalHtml('<script>alert(1)</script><table><tr><td>cell</td></tr></table><p style="color:red" id="p" onmouseover="x()">t</p>')).toBe("cell<p>t</p>");
  });

  it("drops javascript:, data: and vbscript: links, whatever their spelling", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java&#x09;script:alert(1)", "data:text/html,<script>x</script>", "vbscript:x"]) {
      expect(sanitizeLegalHtml(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
    }
  });

  it("keeps web, mail, phone and relative links, and protects new-tab links", () => {
    expect(sanitizeLegalHtml('<a href="/legal/cgu">a</a><a href="mailto:a@b.c">b</a><a href="tel:+212">c</a>')).toBe('<a href="/legal/cgu">a</a><a href="mailto:a@b.c">b</a><a href="tel:+212">c</a>');
    expect(sanitizeLegalHtml('<a href="https://x.org" target="_blank" rel="opener">x</a>')).toBe('<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it("leaves the seeded texts unchanged", () => {
    for (const type of LEGAL_TYPES) {
      for (const lang of ["fr", "en"] as const) expect(sanitizeLegalHtml(legalTexts[type][lang].content)).toBe(legalTexts[type][lang].content);
    }
  });
});
