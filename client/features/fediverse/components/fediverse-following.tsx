import { ExternalLink } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { toast } from "../../../lib/ui.ts";
import { type FollowedAccount, useFollowAccount, useFollowedAccounts, useUnfollowAccount } from "../api/fediverse.ts";
import "../../../i18n/screens/fediverse.ts";
import "../../../styles/fediverse.css";

/** The accounts a member's channel follows on the fediverse: follow one by its @name@instance, stop following one. */
export function FediverseFollowing() {
  const { t } = useTranslation("fediverse");
  const following = useFollowedAccounts();
  const [handle, setHandle] = useState("");
  const [error, setError] = useState<string>();
  const follow = useFollowAccount();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    follow.mutate(handle.trim(), {
      onSuccess: () => {
        setHandle("");
        toast.success(t("followed"));
      },
      // The server's words, in the reader's language (its errors namespace): a wrong handle, an unknown account…
      onError: (failure) => setError(failure.message || t("load_failed")),
    });
  };
  return (
    <section className="settings-form fediverse-panel" aria-labelledby="fediverse-following">
      <h2 id="fediverse-following">{t("following_title")}</h2>
      <p className="muted small">{t("following_intro")}</p>
      <form className="fediverse-follow-form" onSubmit={submit}>
        <TextField
          label={t("follow_label")}
          placeholder={t("follow_placeholder")}
          value={handle}
          error={error}
          required
          maxLength={300}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          onChange={(event) => setHandle(event.target.value)}
        />
        <Button type="submit" busy={follow.isPending} disabled={handle.trim() === ""}>
          {t("follow_submit")}
        </Button>
      </form>
      <QueryState query={following} pending={<Skeleton height={80} />} failure={t("load_failed")}>
        {(data) =>
          data.following.length === 0 ? (
            <p className="muted">{t("following_empty")}</p>
          ) : (
            <ul className="fediverse-list" aria-label={t("following_title")}>
              {data.following.map((account) => (
                <FollowedRow key={account.id} account={account} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function FollowedRow({ account }: { account: FollowedAccount }) {
  const { t } = useTranslation("fediverse");
  const unfollow = useUnfollowAccount();
  return (
    <li className="fediverse-row">
      <div className="fediverse-who">
        <span className="fediverse-name-line">
          <strong className="fediverse-name">{account.name || account.handle}</strong>
          <Badge tone={account.state === "accepted" ? "success" : "warning"}>{t(`state_${account.state}`)}</Badge>
        </span>
        {account.url ? (
          <a className="fediverse-account" href={account.url} target="_blank" rel="noopener noreferrer">
            {account.handle}
            <ExternalLink size={12} aria-hidden />
          </a>
        ) : (
          <span className="fediverse-account">{account.handle}</span>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        busy={unfollow.isPending}
        aria-label={t("unfollow_label", { handle: account.handle })}
        onClick={() =>
          unfollow.mutate(account.id, { onSuccess: () => toast.success(t("unfollowed", { handle: account.handle })), onError: (failure) => toast.error(failure.message || t("load_failed")) })
        }
      >
        {t("unfollow")}
      </Button>
    </li>
  );
}
