import clsx from "clsx";
import { BadgeCheck } from "lucide-react";
import { useTranslation } from "react-i18next";

interface AvatarProps {
  name: string;
  image?: string | null;
  size?: number;
  isLive?: boolean;
  isVerified?: boolean;
}

/** The user's picture, or their initial on a colour of their own; a red ring when live. */
export function Avatar({ name, image, size = 36, isLive, isVerified }: AvatarProps) {
  const { t } = useTranslation();
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <span className={clsx("avatar", isLive && "avatar-live")} style={{ width: size, height: size }}>
      {image ? (
        <img src={image} alt={name} width={size} height={size} />
      ) : (
        <span className="avatar-initial" style={{ background: `hsl(${hue} 55% 45%)`, fontSize: size * 0.42 }} role="img" aria-label={name}>
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {isVerified ? <BadgeCheck className="avatar-verified" size={Math.max(12, size * 0.36)} aria-label={t("verified")} /> : null}
    </span>
  );
}
