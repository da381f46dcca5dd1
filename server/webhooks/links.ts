import type { DbOrTransaction } from "../../db/index.ts";
import type { WebhookScope } from "../../shared/webhooks.ts";

/** Where a webhook's owner manages it in the web app: their channel's integrations, the tournament's or event's settings, the console. */
export async function webhookLink(db: DbOrTransaction, webhook: { scope: WebhookScope; scope_id: number | null }): Promise<string> {
  if (webhook.scope === "channel") return "/settings?tab=integrations";
  if (webhook.scope === "tournament") return `/dashboard/settings/${webhook.scope_id}`;
  if (webhook.scope === "event") {
    const event = await db.selectFrom("event").select("slug").where("id", "=", webhook.scope_id!).executeTakeFirst();
    return event ? `/events/${event.slug}/manage` : "/my-events";
  }
  return "/admin?tab=webhooks";
}
