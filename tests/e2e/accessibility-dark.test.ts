import { accessibilityWalk } from "../fixtures/axe.ts";

// Every screen and dialog in the dark theme, at phone and desktop widths; its sibling takes the other theme.
accessibilityWalk("dark");
