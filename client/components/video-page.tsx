import { Link } from "@tanstack/react-router";
import { Clock, FileX, Hourglass } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { formatDuration, formatRelativeTime } from "../lib/format.ts";
import { Avatar } from "./avatar.tsx";
import { EmptyState } from "./empty-state.tsx";
import "../styles/streams.css";

// The page of a recorded video, a replay or a clip (features/replays, features/clips): one layout, so that the
// two read alike. Each page brings its own texts (their namespaces differ) and what only it has.

interface VideoPageProps {
  /** Added to "page replay-page". */
  className?: string;
  /** The player, or what stands in its place (being made, failed, refused). */
  stage: ReactNode;
  /** The title (or the form that changes it). */
  heading: ReactNode;
  actions: ReactNode;
  /** Between the heading and the figures (a replay's tournament). */
  context?: ReactNode;
  /** The figures: VideoFigure, VideoDuration, VideoDate, in the page's order. */
  figures: ReactNode;
  /** Who made it and what it belongs to: VideoOwner first. */
  owner: ReactNode;
  /** Below the owner line (a description, a link to copy); dialogs may come here too. */
  children?: ReactNode;
}

export function VideoPage({ className, stage, heading, actions, context, figures, owner, children }: VideoPageProps) {
  return (
    <main className={className ? `page replay-page ${className}` : "page replay-page"}>
      <div className="replay-stage">{stage}</div>
      <div className="replay-details">
        <div className="replay-heading">
          {heading}
          <div className="replay-actions">{actions}</div>
        </div>
        {context}
        <p className="replay-meta muted">{figures}</p>
        <div className="replay-owner">{owner}</div>
        {children}
      </div>
    </main>
  );
}

/** No such video (or it could not be read): said, with the way home. */
export function VideoPageMissing({ title, homeLabel }: { title: string; homeLabel: string }) {
  return (
    <main className="page">
      <EmptyState
        icon={<FileX size={40} aria-hidden />}
        title={title}
        action={
          <Link to="/" className="btn btn-primary">
            {homeLabel}
          </Link>
        }
      />
    </main>
  );
}

/** The stage while the file is being made, or once making it failed. */
export function VideoStageMessage({ processing, label }: { processing: boolean; label: string }) {
  return (
    <div className="stream-stage-message" role="status">
      {processing ? <Hourglass size={40} aria-hidden /> : <FileX size={40} aria-hidden />}
      <h2>{label}</h2>
    </div>
  );
}

/** One figure of the meta line: its icon, then its value in tabular digits. */
export function VideoFigure({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span>
      {icon} <span className="tabular">{children}</span>
    </span>
  );
}

export function VideoDuration({ seconds }: { seconds: number | null }) {
  return seconds ? <VideoFigure icon={<Clock size={16} aria-hidden />}>{formatDuration(seconds)}</VideoFigure> : null;
}

/** When it was made, relative, with the full date on hover. */
export function VideoDate({ at, language }: { at: string; language: string }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString(language)}>
      {formatRelativeTime(at, language)}
    </time>
  );
}

/** The channel it comes from: avatar and name, to its live or its profile. */
export function VideoOwner({ username, avatar, to }: { username: string; avatar: string | null; to: "/stream/$username" | "/profile/$username" }) {
  return (
    <Link to={to} params={{ username }} className="replay-owner-link">
      <Avatar name={username} image={avatar} size={32} />
      <span>{username}</span>
    </Link>
  );
}

/** The tab's title is the video's while the page shows it. */
export function useVideoTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
