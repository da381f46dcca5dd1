import { Link } from "@tanstack/react-router";
import clsx from "clsx";
import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { Spinner } from "./spinner.tsx";

/** What this reads of a query: the results of useQuery and useInfiniteQuery both have it. */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** What a failure says: a title above the text when the whole screen failed, the error's own words under it, and no retry when another try cannot help (an unknown id). */
interface Failure {
  title?: string;
  text: string;
  detail?: string;
  retry?: boolean;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The screen's own skeleton, shaped like the content it waits for; without one, a spinner. */
  pending?: ReactNode;
  /** The spec's loading words ("Chargement des tournois..."), shown; without them "Chargement…" is said to screen readers only (shown beside the spinner). */
  loadingText?: string;
  /** The screen's words for a failure; by default the server's message (spec 01 §8: "List fetch errors show the server msg"). */
  failure?: string | ((error: Error) => string | Failure);
  /** The whole screen waits on this query (its `<main>` holds little else): the states are centred, a failure's title is the page's heading and it offers the way home. */
  page?: boolean;
  /** The content, once the data is there; a screen that returns early while its data is missing leaves it out. */
  children?: (data: T) => ReactNode;
}

/**
 * One way to show a query's states (UI.md: loading, error, loaded; empty stays the screen's own): the pending state
 * is `aria-busy` (the browser journeys wait for it to end), a failure is an alert with a Retry. Data already there
 * wins over a failed refresh: a screen does not vanish because a refetch in the background failed.
 */
export function QueryState<T>({ query, pending, loadingText, failure, page = false, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return children?.(query.data) ?? null;
  if (query.error) return <QueryFailure failure={describe(query.error, failure)} busy={query.isFetching} onRetry={() => void query.refetch()} page={page} />;
  return <QueryPending pending={pending} loadingText={loadingText} page={page} />;
}

function describe(error: Error, failure: QueryStateProps<unknown>["failure"]): Failure {
  const said = typeof failure === "function" ? failure(error) : (failure ?? error.message);
  return typeof said === "string" ? { text: said } : said;
}

/** The pending state alone, for a screen that leaves when its query fails (a toast, then another page): it waits until then. */
export function QueryPending({ pending, loadingText, page = false }: Pick<QueryStateProps<unknown>, "pending" | "loadingText" | "page">) {
  const { t } = useTranslation();
  const text = loadingText ?? t("loading");
  if (pending === undefined)
    return (
      <div className={clsx("query-pending query-pending-spinner", page && "query-state-page")} role="status" aria-busy="true">
        <Spinner size={32} />
        <p>{text}</p>
      </div>
    );
  return (
    <div className="query-pending" role="status" aria-busy="true">
      <p className={loadingText ? "muted" : "sr-only"}>{text}</p>
      {pending}
    </div>
  );
}

interface QueryFailureProps {
  failure: Failure;
  busy?: boolean;
  onRetry?: () => void;
  page?: boolean;
}

/** A failure: what happened, in the danger colour, and a Retry (busy while the new try runs); also for a failure that is no query's (an unknown legal document). */
export function QueryFailure({ failure: { title, text, detail, retry = true }, busy = false, onRetry, page = false }: QueryFailureProps) {
  const { t } = useTranslation();
  return (
    <div className={clsx("query-failure", page && "query-state-page")} role="alert">
      <CircleAlert size={page ? 40 : 20} aria-hidden className="query-failure-icon" />
      <div className="query-failure-body">
        {title && page ? <h1>{title}</h1> : title ? <h2>{title}</h2> : null}
        {/* Under a title the sentence explains; alone it is the failure itself, in the danger colour. */}
        <p className={title ? "query-failure-note" : "query-failure-text"}>{text}</p>
        {detail ? (
          <p>
            <code className="query-failure-detail">{detail}</code>
          </p>
        ) : null}
        {(retry && onRetry) || page ? (
          <div className="row">
            {retry && onRetry ? (
              <Button variant="secondary" size={page ? "md" : "sm"} busy={busy} onClick={onRetry}>
                {t("retry")}
              </Button>
            ) : null}
            {page ? (
              <Link to="/" className="btn btn-ghost">
                {t("back_home")}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
