import { useNavigate } from "@tanstack/react-router";
import { Rocket } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { type RaidUnderWay, useRaidEvents } from "../api/use-raid-events.ts";
import { useCountdown } from "../use-countdown.ts";
import "../../../i18n/screens/raids.ts";
import "../../../styles/raids.css";

/**
 * What a viewer of a raiding channel sees (issue 36, item 5): "Raid vers X dans 10 s", and at 0 they are taken to
 * X's live, unless they chose to stay. The channel's owner has their own countdown (RaidButton).
 */
export function RaidNotice({ channelArn }: { channelArn: string }) {
  const [raid, dismiss] = useRaidEvents(channelArn);
  return raid ? <Notice key={raid.raidId} raid={raid} onStay={dismiss} /> : null;
}

function Notice({ raid, onStay }: { raid: RaidUnderWay; onStay: () => void }) {
  const { t } = useTranslation("raids");
  const navigate = useNavigate();
  const seconds = useCountdown(raid.deadline);
  const go = () => void navigate({ to: "/stream/$username", params: { username: raid.target } });
  // biome-ignore lint/correctness/useExhaustiveDependencies: at 0, once.
  useEffect(() => {
    if (seconds === 0) go();
  }, [seconds === 0]);
  return (
    <section className="raid-notice" aria-labelledby={`raid-${raid.raidId}`}>
      <Rocket size={20} aria-hidden className="raid-notice-icon" />
      <div className="raid-notice-text">
        <p id={`raid-${raid.raidId}`} className="raid-notice-title tabular">
          {t("countdown", { username: raid.target, seconds })}
        </p>
        <p role="status" className="muted small">
          {t("notice_text", { username: raid.target })}
        </p>
      </div>
      <div className="raid-notice-actions">
        <Button variant="secondary" size="sm" onClick={onStay}>
          {t("stay")}
        </Button>
        <Button size="sm" onClick={go}>
          {t("go_now")}
        </Button>
      </div>
    </section>
  );
}
