import { Heart, HeartOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useSession } from "../../../data/session.ts";
import { openAuthModal, toast } from "../../../lib/ui.ts";
import { useFollow } from "../api/follow-channel.ts";
import { followFailureText } from "../follow-failure.ts";
import "../../../i18n/screens/community.ts";

interface FollowButtonProps {
  /** The channel's public id or the user's id (POST /api/stream/follow takes either). */
  channelId: string | number;
  username: string;
  isFollowed: boolean;
  size?: "sm" | "md";
  onChange?: (followed: boolean, followers: number) => void;
}

/**
 * Follow / followed (unfollow on hover) with a confirmation before unfollowing (spec 01 §4). A
 * visitor's click opens the login dialog. Every list and count that shows follows is refreshed.
 */
export function FollowButton({ channelId, username, isFollowed, size = "sm", onChange }: FollowButtonProps) {
  const { t } = useTranslation("community");
  const { isLoggedIn } = useSession();
  const [followed, setFollowed] = useState(isFollowed);
  const [hovered, setHovered] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const mutation = useFollow(channelId, {
    onSuccess: (answer, follow) => {
      setFollowed(follow);
      setConfirming(false);
      toast.success(follow ? t("followed_toast") : t("unfollowed_toast", { username }));
      onChange?.(follow, answer.followers);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(followFailureText(error, t));
    },
  });

  if (!isLoggedIn) {
    return (
      <Button size={size} icon={<Heart size={16} aria-hidden />} onClick={() => openAuthModal("login")}>
        {t("follow")}
      </Button>
    );
  }
  if (!followed) {
    return (
      <Button size={size} icon={<Heart size={16} aria-hidden />} busy={mutation.isPending} onClick={() => mutation.mutate(true)}>
        {t("follow")}
      </Button>
    );
  }
  return (
    <>
      <Button
        size={size}
        variant="secondary"
        icon={hovered ? <HeartOff size={16} aria-hidden /> : <Heart size={16} fill="currentColor" aria-hidden />}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setHovered(true)}
        onBlur={() => setHovered(false)}
        aria-label={t("unfollow_named", { username })}
        onClick={() => setConfirming(true)}
      >
        {hovered ? t("unfollow") : t("followed")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("unfollow_title", { username })}
        confirmLabel={t("unfollow")}
        busy={mutation.isPending}
        danger
        onConfirm={() => mutation.mutate(false)}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("unfollow_text", { username })}</p>
      </ConfirmDialog>
    </>
  );
}
