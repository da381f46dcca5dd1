// The socket.io rooms a member's sockets join, named in one place: the realtime layer emits to them and
// empties them when the member's sessions end (issue 34, item 14).

/** Every socket of a member, on any node: their notifications and follower counts go here. */
export const memberRoom = (userId: number) => `user:${userId}`;

/** The sockets opened with one session: a logout ends these and no others. */
export const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;

/** The room holding the sockets of the sessions that ended: one session's, or all of the member's. */
export const endedRoom = (ended: { userId: number; sessionHash?: string }) => (ended.sessionHash ? sessionRoom(ended.sessionHash) : memberRoom(ended.userId));

/** The OBS overlays of a streamer (issue 36, item 4), opened by its secret address: their alerts go here. */
export const overlayRoom = (userId: number) => `overlay:${userId}`;
