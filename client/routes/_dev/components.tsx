import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar.tsx";
import { Badge } from "../../components/badge.tsx";
import { Button } from "../../components/button.tsx";
import { Checkbox } from "../../components/checkbox.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Modal } from "../../components/modal.tsx";
import { type QueryLike, QueryState } from "../../components/query-state.tsx";
import { CardSkeleton, Skeleton } from "../../components/skeleton.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { Switch } from "../../components/switch.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { TextField } from "../../components/text-field.tsx";
import { toast } from "../../lib/ui.ts";

export const Route = createFileRoute("/_dev/components")({
  // The gallery's texts ("components") are not in the first load, where a route file's own imports stay.
  loader: () => import("../../i18n/screens/components.ts").then(() => undefined),
  component: ComponentsScreen,
});

/** Developer page: every design-system component in its states, in the current theme and language. */
function ComponentsScreen() {
  const { t } = useTranslation("components");
  const [tab, setTab] = useState<"one" | "two" | "three">("one");
  const [modal, setModal] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [checked, setChecked] = useState(true);
  const [on, setOn] = useState(true);
  return (
    <main className="page components-page">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>

      <Section title={t("buttons")}>
        <div className="row">
          <Button>{t("primary")}</Button>
          <Button variant="secondary">{t("secondary")}</Button>
          <Button variant="ghost">{t("ghost")}</Button>
          <Button variant="danger">{t("danger")}</Button>
          <Button busy busyLabel={t("saving")}>
            {t("save")}
          </Button>
          <Button disabled>{t("disabled")}</Button>
          <Button size="sm">{t("small")}</Button>
        </div>
      </Section>

      <Section title={t("fields")}>
        <div className="grid-2">
          <TextField label={t("field_label")} placeholder={t("field_placeholder")} />
          <TextField label={t("field_label")} defaultValue="ab" error={t("field_error")} />
          <Checkbox label={t("checkbox_label")} checked={checked} onChange={(e) => setChecked(e.target.checked)} />
          <Switch label={t("switch_label")} checked={on} onChange={setOn} />
        </div>
      </Section>

      <Section title={t("tabs")}>
        <Tabs
          label={t("tabs")}
          value={tab}
          onChange={setTab}
          tabs={[
            { id: "one", label: t("tab_one") },
            { id: "two", label: t("tab_two") },
            { id: "three", label: t("tab_three") },
          ]}
        />
      </Section>

      <Section title={t("badges")}>
        <div className="row">
          <Badge tone="live">{t("live")}</Badge>
          <Badge tone="primary">{t("available")}</Badge>
          <Badge tone="success">{t("approved")}</Badge>
          <Badge tone="warning">{t("pending")}</Badge>
          <Badge tone="danger">{t("rejected")}</Badge>
          <Badge>{t("draft")}</Badge>
        </div>
      </Section>

      <Section title={t("avatars")}>
        <div className="row">
          <Avatar name="Zelda" size={48} />
          <Avatar name="Kratos" size={48} isLive />
          <Avatar name="Samus" size={48} isVerified />
          <Avatar name="Link" size={32} isLive isVerified />
        </div>
      </Section>

      <Section title={t("feedback")}>
        <div className="row">
          <Button variant="secondary" onClick={() => toast.success(t("toast_success"))}>
            {t("show_success")}
          </Button>
          <Button variant="secondary" onClick={() => toast.error(t("toast_error"))}>
            {t("show_error")}
          </Button>
          <Button variant="secondary" onClick={() => setModal(true)}>
            {t("open_modal")}
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(true)}>
            {t("open_confirm")}
          </Button>
          <Spinner label={t("loading")} />
        </div>
        <Modal open={modal} onClose={() => setModal(false)} title={t("modal_title")}>
          <p>{t("modal_text")}</p>
        </Modal>
        <ConfirmDialog open={confirm} title={t("confirm_title")} confirmLabel={t("delete")} danger onConfirm={() => setConfirm(false)} onCancel={() => setConfirm(false)}>
          {t("confirm_text")}
        </ConfirmDialog>
      </Section>

      <Section title={t("loading_states")}>
        <div className="row">
          <CardSkeleton />
          <div style={{ display: "grid", gap: 8, width: 240 }}>
            <Skeleton width="70%" />
            <Skeleton />
            <Skeleton width="40%" />
          </div>
        </div>
        <EmptyState icon={<Inbox size={40} aria-hidden />} title={t("empty_title")} action={<Button size="sm">{t("empty_action")}</Button>}>
          {t("empty_text")}
        </EmptyState>
      </Section>

      <Section title={t("query_states")}>
        <QueryStateDemo />
      </Section>
    </main>
  );
}

/** A query's three states (components/query-state.tsx), one chosen at a time; Retry waits a moment, then loads. */
function QueryStateDemo() {
  const { t } = useTranslation("components");
  const [state, setState] = useState<"pending" | "failure" | "content">("content");
  const query: QueryLike<string> = {
    data: state === "content" ? t("query_content_text") : undefined,
    error: state === "failure" ? new Error(t("query_failure_text")) : null,
    isFetching: false,
    refetch: async () => {
      setState("pending");
      await new Promise((resolve) => setTimeout(resolve, 600));
      setState("content");
    },
  };
  return (
    <>
      <div className="row" role="group" aria-label={t("query_states")}>
        {(["pending", "failure", "content"] as const).map((choice) => (
          <Button key={choice} variant="secondary" size="sm" aria-pressed={state === choice} onClick={() => setState(choice)}>
            {t(`query_${choice}`)}
          </Button>
        ))}
      </div>
      <QueryState query={query} pending={<Skeleton height={96} />}>
        {(text) => <p>{text}</p>}
      </QueryState>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="components-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
