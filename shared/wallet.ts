// The wallet's rule both sides read (docs/decisions.md, "The wire contract as a leaf"). Pure: imports nothing.

/** DEMO mode's test top-up: a member may credit their own wallet with exactly this many G-Coins, and nothing else. */
export const TEST_TOP_UP = 1000;
