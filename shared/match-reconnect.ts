/**
 * A live whose channel's station is playing a bracket match waits this many minutes for its dropped encoder
 * (issue 37, item 5): the site's default and the most an admin may set; 0 leaves such lives the short grace of any live.
 */
export const MATCH_RECONNECT_MINUTES = { default: 5, max: 15 };
