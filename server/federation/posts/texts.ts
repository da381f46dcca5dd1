import type { Language } from "../../i18n/messages.ts";
import { POST_LANGUAGE } from "../notes.ts";

// The words of the fediverse posts (issue 38, item 3), in the posts' one language (POST_LANGUAGE: the site's,
// French), which each Note names in its `contentMap`. The English texts keep the table whole for a site that would
// speak English first.

const TEXTS = {
  fr: {
    live_started: "{{name}} est en direct : {{title}}",
    live_started_game: "{{name}} est en direct sur {{game}} : {{title}}",
    live_ended: "Le direct de {{name}} est terminé. Le replay est là : {{title}}",
    tournament_started: "Le tournoi {{tournament}} a commencé.",
    match_result: "{{tournament}}, manche {{round}} : {{player1}} {{score1}} – {{score2}} {{player2}}, en direct chez {{channel}}.",
    tournament_champion: "{{champion}} remporte le tournoi {{tournament}} !",
    tournament_over: "Le tournoi {{tournament}} est terminé.",
    event_published: "Nouvel événement : {{event}}, le {{date}}.",
    event_place: "Lieu : {{location}}",
    event_on_sale: "Billets en vente.",
    event_tickets: "Billets en vente pour {{event}} ({{date}}).",
    event_week_before: "{{event}} commence dans une semaine, le {{date}}.",
    event_day_before: "{{event}} commence dans moins d'un jour, le {{date}}.",
  },
  en: {
    live_started: "{{name}} is live: {{title}}",
    live_started_game: "{{name}} is live on {{game}}: {{title}}",
    live_ended: "{{name}}'s live has ended. The replay is here: {{title}}",
    tournament_started: "The tournament {{tournament}} has started.",
    match_result: "{{tournament}}, round {{round}}: {{player1}} {{score1}} – {{score2}} {{player2}}, live on {{channel}}'s channel.",
    tournament_champion: "{{champion}} wins the tournament {{tournament}}!",
    tournament_over: "The tournament {{tournament}} is over.",
    event_published: "New event: {{event}}, on {{date}}.",
    event_place: "Where: {{location}}",
    event_on_sale: "Tickets on sale.",
    event_tickets: "Tickets on sale for {{event}} ({{date}}).",
    event_week_before: "{{event}} starts in a week, on {{date}}.",
    event_day_before: "{{event}} starts in less than a day, on {{date}}.",
  },
} as const satisfies Record<Language, Record<string, string>>;

type PostText = keyof (typeof TEXTS)["fr"];

/** A post's sentence in the posts' language, its {{words}} filled in (plain text: the Note escapes it). */
export function postText(key: PostText, params: Record<string, string | number> = {}): string {
  return TEXTS[POST_LANGUAGE][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** A date and time as the posts' language writes it, in the server's time zone (the site's own machine, at the venue). */
export function postDate(at: number): string {
  return new Intl.DateTimeFormat(POST_LANGUAGE, { dateStyle: "full", timeStyle: "short" }).format(at);
}
