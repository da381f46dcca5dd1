import { screenWalk } from "../fixtures/axe.ts";

// Every screen and dialog in the light theme and in English, at phone and desktop widths: axe-core and one language.
// Its sibling takes the dark theme in French, so each theme, each language and each width is walked once.
screenWalk({ theme: "light", language: "en" });
