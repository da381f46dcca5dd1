import { Link } from "@tanstack/react-router";
import { BadgeCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatCount } from "../../lib/format.ts";
import { List } from "../../components/list.tsx";
import { ClipsList } from "../../features/clips/components/clip-card.tsx";
import { useVideos } from "../../features/replays/api/replays.ts";
import { FollowButton } from "../../features/follows/components/follow-button.tsx";
import { ReplayCard } from "../../features/replays/components/replay-card.tsx";
import { MyReplays } from "../../features/replays/components/my-replays.tsx";
import { ReportMenu } from "../../components/report-menu.tsx";
import { SocialLinks } from "../../features/streams/components/stream-info.tsx";
import { DonateButton } from "../../features/streams/components/stream-toolbar.tsx";
import { type Profile, useProfile } from "../../features/profile/api/get-profile.ts";
import { useFollowers } from "../../features/profile/api/profile-changes.ts";
import { ImageUpload } from "../../features/profile/components/image-upload.tsx";
import "../../styles/community.css";
import "../../i18n/screens/community.ts";

/** Spec 01 §2: the about text is cut at 230 characters behind a "more" link. */
const ABOUT_CUT = 230;

/** /profile (own, with the owner's tools) and /profile/{username} (anyone's, public). */
export function ProfilePage({ username, own }: { username: string; own: boolean }) {
  const { t } = useTranslation("community");
  const [tab, setTab] = useState<"about" | "videos" | "clips" | "followers">("about");
  const profile = useProfile(username);
  if (profile.data === undefined)
    return (
      <main className="page">
        <QueryState
          page
          query={profile}
          pending={<Skeleton height={320} />}
          failure={(error) => (error instanceof ApiError && error.status === 404 ? { text: t("profile_not_found"), retry: false } : error.message)}
        />
      </main>
    );
  const data = profile.data;
  const tabs = [
    { id: "about" as const, label: t("tab_about") },
    { id: "videos" as const, label: own ? t("tab_my_videos") : t("tab_videos") },
    { id: "clips" as const, label: t("tab_clips") },
    ...(own ? [{ id: "followers" as const, label: t("tab_followers") }] : []),
  ];
  return (
    <main className="page profile-page">
      <ProfileHeader profile={data} own={own} />
      <Tabs label={data.username} value={tab} onChange={setTab} tabs={tabs} />
      <div role="tabpanel" aria-label={tabs.find((x) => x.id === tab)!.label} className="profile-panel">
        {tab === "about" ? <About profile={data} /> : null}
        {tab === "videos" ? own ? <MyReplays /> : <UserVideos username={data.username} /> : null}
        {tab === "clips" ? (
          <div className="search-grid">
            <ClipsList username={data.username} />
          </div>
        ) : null}
        {tab === "followers" ? <FollowersList /> : null}
      </div>
    </main>
  );
}

function ProfileHeader({ profile, own }: { profile: Profile; own: boolean }) {
  const { t } = useTranslation("community");
  const [followers, setFollowers] = useState(profile.followers);
  useEffect(() => setFollowers(profile.followers), [profile.followers]);
  return (
    <header className="profile-header">
      <div className="profile-banner" style={profile.banner ? { backgroundImage: `url(${profile.banner})` } : undefined}>
        {own ? <ImageUpload kind="banner" /> : null}
      </div>
      <div className="profile-identity">
        <div className="profile-avatar">
          <Avatar name={profile.username} image={profile.avatar} size={112} isLive={profile.isLive} />
          {own ? <ImageUpload kind="avatar" /> : null}
        </div>
        <div className="profile-names">
          <h1>
            {profile.username}
            {profile.verified ? <BadgeCheck size={22} className="verified" aria-label={t("verified")} /> : null}
          </h1>
          <p className="muted tabular">{t("followers_count", { count: followers, formatted: formatCount(followers) })}</p>
          {profile.isLive ? (
            <Link to="/stream/$username" params={{ username: profile.username }} className="profile-live">
              <span className="live-dot" aria-hidden /> {t("live_now")}
            </Link>
          ) : null}
        </div>
        <div className="profile-actions">
          {own ? (
            <Link to="/settings" className="btn btn-secondary btn-sm">
              {t("edit_profile")}
            </Link>
          ) : (
            <>
              <DonateButton paypalme={profile.paypalme} />
              <FollowButton channelId={profile.id} username={profile.username} isFollowed={profile.isFollowed} onChange={(_, count) => setFollowers(count)} />
              <ReportMenu target={{ targetType: "user", targetId: profile.id, label: profile.username }} />
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function About({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation("community");
  const [expanded, setExpanded] = useState(false);
  const about = profile.about.trim();
  const cut = !expanded && about.length > ABOUT_CUT;
  return (
    <section className="profile-about">
      {about ? (
        <p className="profile-about-text">
          {cut ? `${about.slice(0, ABOUT_CUT)} ...` : about}{" "}
          {about.length > ABOUT_CUT ? (
            <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? t("show_less") : t("show_more")}
            </button>
          ) : null}
        </p>
      ) : (
        <p className="muted">{t("no_about")}</p>
      )}
      <SocialLinks social={profile.social} />
      <p className="muted small">{t("member_since", { date: new Date(profile.createdAt).toLocaleDateString(i18n.language, { year: "numeric", month: "long" }) })}</p>
    </section>
  );
}

function UserVideos({ username }: { username: string }) {
  const { t } = useTranslation("community");
  const videos = useVideos({ username });
  return (
    <div className="search-grid">
      <List loading={videos.isPending} empty={t("no_videos")} items={(videos.data ?? []).map((replay) => <ReplayCard key={replay.id} replay={replay} />)} />
    </div>
  );
}

/** The owner's followers, 20 at a time as the list scrolls (GET /api/stream/myfollowers). */
function FollowersList() {
  const { t } = useTranslation("community");
  const end = useRef<HTMLLIElement>(null);
  const pages = useFollowers();
  useEffect(() => {
    const target = end.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && pages.hasNextPage && !pages.isFetchingNextPage && void pages.fetchNextPage());
    observer.observe(target);
    return () => observer.disconnect();
  }, [pages]);
  if (pages.data === undefined) return <QueryState query={pages} pending={<Skeleton height={200} />} />;
  const followers = pages.data.pages.flatMap((page) => page.followers);
  if (followers.length === 0) return <p className="muted">{t("no_followers")}</p>;
  return (
    <div className="profile-followers">
      <p className="muted small">{t("followers_total", { count: pages.data.pages[0]!.total })}</p>
      <ul className="profile-follower-list">
        {followers.map((follower) => (
          <li key={follower.id}>
            <Link to="/profile/$username" params={{ username: follower.username }} className="profile-follower">
              <Avatar name={follower.username} image={follower.avatar} size={36} isVerified={follower.isVerified} />
              <span>{follower.username}</span>
              <span className="muted small tabular">{t("followers_count", { count: follower.followers, formatted: formatCount(follower.followers) })}</span>
            </Link>
          </li>
        ))}
        <li ref={end} aria-hidden className="profile-follower-end">
          {pages.isFetchingNextPage ? "…" : null}
        </li>
      </ul>
    </div>
  );
}
