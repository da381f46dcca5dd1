import { z } from "zod";

// Zod 4 compiles its object parsers with `new Function` where a page allows it, and first probes whether it does.
// Arena's policy (script-src 'self', no 'unsafe-eval') refuses it: the probe's refusal is caught, but the browser
// still reports a violation on every page that parses a form (issue 34, item 20). Parsing without compiling costs
// nothing a user can see on forms of a few fields. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
