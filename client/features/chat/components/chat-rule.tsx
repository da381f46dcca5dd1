import { Link } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { Heart, Lock, Ticket, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ChatState } from "../api/get-chat-state.ts";
import "../../../i18n/screens/chat.ts";

type ChatAccess = ChatState["access"];

const RULE_ICONS: Record<string, typeof Lock> = { followers: Heart, ticket: Ticket, entrants: Trophy };

/** "Followers-only chat" and its kin; an unknown mode (a newer server) still reads as restricted. */
export function chatRuleTitle(t: TFunction<"chat">, mode: string): string {
  return ["followers", "ticket", "entrants"].includes(mode) ? t(`rule_${mode}`) : t("rule_restricted");
}

/** The chat's rule above its input, for everyone who reads it, allowed to write or not (issue 18, item 4). */
export function ChatRuleLine({ mode }: { mode: string }) {
  const { t } = useTranslation("chat");
  const Icon = RULE_ICONS[mode] ?? Lock;
  return (
    <p className="chat-slow chat-rule">
      <Icon size={14} aria-hidden /> {chatRuleTitle(t, mode)}
    </p>
  );
}

/**
 * Why this member may not write and the one step that lets them in: follow the channel, get a ticket
 * of the event, register for the tournament. The server checks every message all the same.
 */
export function ChatRuleRefusal({ access, followButton }: { access: ChatAccess; followButton?: ReactNode }) {
  const { t } = useTranslation("chat");
  const { reason, event, tournament } = access;
  const why =
    reason === "follow"
      ? t("rule_why_follow")
      : reason === "ticket"
        ? event
          ? t("rule_why_ticket_of", { event: event.name })
          : t("rule_why_ticket")
        : tournament
          ? t("rule_why_entry_of", { tournament: tournament.name })
          : t("rule_why_entry");
  return (
    <div className="chat-rule-refusal" role="status">
      <p>{why}</p>
      {reason === "follow" ? followButton : null}
      {reason === "ticket" && event ? (
        <Link to="/events/$slug" params={{ slug: event.slug }} className="btn btn-primary btn-sm">
          {t("rule_get_ticket")}
        </Link>
      ) : null}
      {reason === "entry" && tournament ? (
        <Link to="/tournament/$id" params={{ id: tournament.id }} className="btn btn-primary btn-sm">
          {t("rule_register")}
        </Link>
      ) : null}
    </div>
  );
}
