import { accessibilityWalk, DESKTOP } from "../fixtures/axe.ts";

// The walk in one theme at one width; its three siblings take the others, so two workers share the four.
accessibilityWalk("light", DESKTOP);
