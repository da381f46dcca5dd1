import { screenWalk } from "../fixtures/axe.ts";

// Every screen and dialog in the dark theme and in French, at phone and desktop widths: axe-core and one language.
// Its sibling takes the light theme in English, so each theme, each language and each width is walked once.
screenWalk({ theme: "dark", language: "fr" });
