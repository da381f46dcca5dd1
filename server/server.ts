import type { Db } from "../db/index.ts";
import { openDatabase } from "../db/index.ts";
import { createApp } from "./app.ts";
import { placeKinds } from "./places.ts";
import type { ResponseCheckSink } from "./http/response-check.ts";
import { ensureAdmin } from "./auth/admin.ts";
import { deleteExpiredSessions } from "./auth/sessions.ts";
import { type Config, databaseTarget } from "./config.ts";
import type { AppDeps } from "./http/context.ts";
import { createMailer } from "./mail/mailer.ts";
import { startMediaServer } from "../media/media-server.ts";
import { killAllFfmpeg } from "../media/ffmpeg-job.ts";
import { endLeftoverChildren, ownChildrenBy } from "../media/children.ts";
import { seedGames } from "./games/service.ts";
import { matchReconnectMs } from "./tournaments/match-reconnect.ts";
import { LiveManager } from "./live/live-manager.ts";
import { StreamKeyDirectory } from "./live/stream-keys.ts";
import { WhipIngest } from "./whip/sessions.ts";
import { WhepEgress } from "./whep/sessions.ts";
import { closeWebRtcPort, openWebRtcPort } from "./webrtc/peer.ts";
import { SrtListeners } from "./srt/listeners.ts";
import { startNodeDuties } from "./live/nodes.ts";
import { openSignals } from "../db/signals.ts";
import { type Leadership, openLeadership } from "../db/leader.ts";
import { siteJobs, startSiteJobs } from "./cluster/site-jobs.ts";
import { startWebhookDispatcher } from "./webhooks/dispatcher.ts";
import { startFederationDispatcher } from "./federation/delivery-dispatcher.ts";
import { announceBusEvents } from "./webhooks/events.ts";
import { postLiveEvents } from "./federation/posts/live.ts";
import { startRaidLanding } from "./raids/service.ts";
import { openSocketAdapter } from "./realtime/adapter.ts";
import { createLogTail } from "./http/log-tail.ts";
import { EventBus } from "./realtime/bus.ts";
import { createRealtime } from "./sockets.ts";
import { notifyFollowersOnLive } from "./notifications/service.ts";
import { seedDemoCommunity, startDemoLives } from "./demo/seed.ts";

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  /** Whether this node runs the site's periodic jobs (always on SQLite). */
  leadership: Leadership;
  stop(): Promise<void>;
}

/** Opens the database, wires every part and listens. Tests call this too, with port 0 and a temporary DATA_DIR. */
export async function startServer(
  config: Config,
  // `now`: the server's clock (tests move it forward rather than wait: a match's reconnect window is minutes long).
  options: { log?: (line: string) => void; checkResponses?: ResponseCheckSink; now?: () => number } = {},
): Promise<RunningServer> {
  // First: a waiting-list place kind left unwired stops the start here, before anything is opened.
  const places = placeKinds();
  const logTail = createLogTail();
  const log = logTail.wrap(options.log ?? ((line: string) => console.log(line)));
  // Before anything reads recordings: a job an earlier, killed run left behind may still write them.
  ownChildrenBy(config.dataDir);
  await endLeftoverChildren(config.dataDir, log);
  const db: Db = await openDatabase(databaseTarget(config), { poolSize: config.databasePoolSize });
  const signals = await openSignals(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const core: AppDeps = { db, config, mailer, now: options.now ?? Date.now, bus: new EventBus(), signals, logTail, places };
  await ensureAdmin(core, log);
  await deleteExpiredSessions(db, core.now());
  await seedGames(db);
  const media = config.rtmpPort
    ? await startMedia(core, log).catch(async (error: unknown) => {
        // A taken RTMP port ends the start; leave nothing open behind it (tests start again elsewhere).
        await signals.close();
        await db.destroy();
        throw error;
      })
    : undefined;
  const deps: AppDeps = media ? { ...core, live: media.live, whip: media.whip, whep: media.whep, srt: media.srt } : core;
  if (config.demo) await seedDemoCommunity(deps, log);
  const demoLives = config.demo && media ? await startDemoLives(deps, log) : [];
  const app = createApp(deps, { checkResponses: options.checkResponses });
  const adapter = await openSocketAdapter(db, config.redisUrl, log).catch(async (error: unknown) => {
    await media?.stop();
    await signals.close();
    await db.destroy();
    throw error;
  });
  const realtime = createRealtime(deps, adapter);
  const leadership = await openLeadership(db);
  const stopSiteJobs = startSiteJobs(siteJobs(deps, log), leadership, log);
  const offNotifications = notifyFollowersOnLive(deps);
  const stopWebhooks = startWebhookDispatcher(deps, log);
  const stopFederation = startFederationDispatcher(deps, log);
  const offWebhookEvents = announceBusEvents(deps, log);
  const offLivePosts = postLiveEvents(deps, log);
  const stopRaidLanding = startRaidLanding(deps, log);
  const { websocket, idleTimeout } = realtime.engine.handler();
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: 64 * 1024 * 1024,
    idleTimeout,
    websocket,
    // socket.io shares the port: its path goes to the engine, everything else to Hono.
    fetch: (request, bunServer) => (new URL(request.url).pathname.startsWith("/socket.io/") ? realtime.engine.handleRequest(request, bunServer) : app.fetch(request, bunServer)),
  });
  const port = server.port ?? config.port;
  // PORT=0 asked the system for a port: the one it gave is the node's own, which outgoing calls never reach (server/outbound/).
  config.port = port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    leadership,
    async stop() {
      await Promise.all(demoLives.map((job) => job.stop()));
      await media?.stop();
      offNotifications();
      offWebhookEvents();
      offLivePosts();
      stopRaidLanding();
      await stopWebhooks();
      await stopFederation();
      await stopSiteJobs();
      await leadership.close();
      await realtime.close();
      await server.stop(true);
      await signals.close();
      await db.destroy();
    },
  };
}

/** RTMP ingest and the live pipeline; off when RTMP_PORT is 0. The live manager works with the deps without `live`. */
async function startMedia(deps: AppDeps, log: (line: string) => void) {
  const streamKeys = await StreamKeyDirectory.open(deps.db, deps.signals, log);
  const live = new LiveManager(deps, streamKeys, log, (username) => matchReconnectMs(deps, username));
  await live.recover();
  const node = await startNodeDuties(deps, log);
  const giveUp = async (error: unknown) => {
    await live.stop();
    await node.stop();
    streamKeys.close();
    throw error;
  };
  // One UDP port for every WebRTC session of the node, publishers and real-time viewers alike: one port to open.
  const udpPort = deps.config.webrtcUdpPort;
  const mux = udpPort === undefined ? undefined : await openWebRtcPort(udpPort, log).catch(giveUp);
  const mediaServer = await startMediaServer({
    rtmpPort: deps.config.rtmpPort,
    internalHttpPort: deps.config.mediaInternalPort,
    dataDir: deps.config.dataDir,
    events: live,
    logLevel: deps.config.logLevel,
    log,
  }).catch(async (error: unknown) => {
    if (mux) await closeWebRtcPort(mux);
    return giveUp(error);
  });
  log(`[media] RTMP ingest on port ${mediaServer.rtmpPort}; HTTP-FLV read internally on 127.0.0.1:${mediaServer.internalHttpPort}`);
  if (mux) log(`[webrtc] WHIP and WHEP sessions share UDP port ${mux.port}`);
  live.attach(mediaServer);
  const network = mux && { mux, addresses: deps.config.webrtcAddresses };
  const whip = network
    ? new WhipIngest({
        ...network,
        rtmpUrl: (streamKey) => `rtmp://127.0.0.1:${mediaServer.rtmpPort}/live/${streamKey}`,
        beforeBridge: (streamKey) => live.publishesVia(streamKey, "whip"),
        log,
      })
    : undefined;
  const whep = network ? new WhepEgress({ ...network, media: mediaServer, log }) : undefined;
  const srt = deps.config.srtPorts
    ? await SrtListeners.open({
        db: deps.db,
        signals: deps.signals,
        ports: deps.config.srtPorts,
        rtmpUrl: (streamKey) => `rtmp://127.0.0.1:${mediaServer.rtmpPort}/live/${streamKey}`,
        beforeBridge: (streamKey) => live.publishesVia(streamKey, "srt"),
        log,
      })
    : undefined;
  return {
    live,
    whip,
    whep,
    srt,
    async stop() {
      // First: their ffmpeg bridges publish into (or read from) the media server stopped below.
      await Promise.all([whip?.stop(), whep?.stop(), srt?.stop()]);
      if (mux) await closeWebRtcPort(mux);
      await live.stop();
      // After its lives ended: from then on, the other nodes make the replays this one leaves unmade.
      await node.stop();
      streamKeys.close();
      await mediaServer.stop();
      killAllFfmpeg();
    },
  };
}
