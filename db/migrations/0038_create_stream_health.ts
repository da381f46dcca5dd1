import type { Kysely } from "kysely";

/**
 * Stream health (issue 37, item 1): the last figures measured on a channel's publish, one row per channel, written every
 * few seconds by the node that ingests it and read from any node (the streamer's panel). It outlives the live, so the
 * streamer still reads the last session's figures, and a refused publish's codec, after it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stream_health")
    .addColumn("channel_id", "integer", (c) => c.primaryKey())
    .addColumn("live_session_id", "integer")
    .addColumn("protocol", "text", (c) => c.notNull())
    .addColumn("video_codec", "text")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("fps", "real")
    .addColumn("video_kbps", "integer")
    .addColumn("audio_codec", "text")
    .addColumn("audio_sample_rate", "integer")
    .addColumn("audio_kbps", "integer")
    .addColumn("keyframe_interval_ms", "integer")
    .addColumn("fps_unstable", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("no_audio", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reconnects", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bitrate_points", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("refused_codec", "text")
    .addColumn("refused_at", "integer")
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stream_health").execute();
}
