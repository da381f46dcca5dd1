import { Link } from "@tanstack/react-router";
import { Coins, X } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { ApiError } from "../../../lib/api.ts";
import { formatCount } from "../../../lib/format.ts";
import { useSession } from "../../../data/session.ts";
import { toast } from "../../../lib/ui.ts";
import { useBalance } from "../../../data/wallet-balance.ts";
import { useTransactions } from "../api/get-transactions.ts";
import { TEST_TOP_UP } from "../../../../shared/wallet.ts";
import { useTestTopUp } from "../api/credit-wallet.ts";
import { AdminCredit } from "./admin-credit.tsx";
import "../../../styles/events.css";
import "../../../i18n/screens/events-ui.ts";

/** Spec 02 §9: the badge flags a balance below the minimum. */
export const LOW_BALANCE = 1000;

/** Spec 02 §8: what a failed balance load says. */
function balanceError(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 404) return t("wallet_not_found");
  if (error instanceof ApiError && error.status >= 500) return t("service_unavailable");
  return t("balance_failed");
}

/** The top bar's G-Coins badge: the balance (K/M), opening the history in a new tab; a cross with the reason on error. */
export function WalletBadge() {
  const { t } = useTranslation("events-ui");
  const { user } = useSession();
  const balance = useBalance(user?.id);
  const failure = balance.isError ? balance.error : null;
  useEffect(() => {
    // Spec 02 §8: except for a missing wallet (404), a failed balance also says so in a toast, once per failure.
    if (failure && !(failure instanceof ApiError && failure.status === 404)) toast.error(t("balance_load_toast"));
  }, [failure, t]);
  if (!user) return null;
  if (balance.isError) {
    return (
      <span className="wallet-badge wallet-badge-error" title={balanceError(balance.error, t)}>
        <X size={16} aria-hidden /> <span className="hide-phone">{balanceError(balance.error, t)}</span>
      </span>
    );
  }
  const value = balance.data ?? 0;
  const low = balance.data !== undefined && value < LOW_BALANCE;
  // The name says what the badge shows ("1K"), so someone who speaks to their browser can say it.
  const shown = balance.data === undefined ? "…" : formatCount(value);
  return (
    <a
      className={`wallet-badge${low ? " wallet-badge-low" : ""}`}
      href={`/wallet/history?userId=${user.id}`}
      target="_blank"
      rel="noopener"
      aria-label={low ? t("wallet_badge_low", { value: shown }) : t("wallet_badge", { value: shown })}
      title={low ? t("low_balance", { min: LOW_BALANCE }) : undefined}
    >
      <Coins size={16} aria-hidden />
      <span className="tabular">{shown}</span>
    </a>
  );
}

/** /wallet/history: the balance and every movement of the ledger, newest first, 20 at a time. */
export function WalletHistory() {
  const { t, i18n } = useTranslation("events-ui");
  const { user } = useSession();
  const balance = useBalance(user?.id);
  const pages = useTransactions();
  const rows = pages.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <main className="page wallet-page">
      <header className="page-header wallet-header">
        <div>
          <h1>{t("wallet_title")}</h1>
          <p className="wallet-balance tabular">
            {balance.isError ? balanceError(balance.error, t) : balance.data === undefined ? "…" : t("gcoins", { value: balance.data.toLocaleString(i18n.language) })}
          </p>
          {balance.data !== undefined && balance.data < LOW_BALANCE ? <p className="wallet-low small">{t("low_balance", { min: LOW_BALANCE.toLocaleString(i18n.language) })}</p> : null}
        </div>
        {/* Spec 02 §2: the top-up page is /top-up?userId={id}, opened in a new tab. */}
        <a href={`/top-up?userId=${user?.id ?? ""}`} target="_blank" rel="noopener" className="btn btn-primary">
          {t("top_up")}
        </a>
      </header>
      <QueryState query={pages} pending={<Skeleton height={200} />} failure={t("transactions_load_failed")}>
        {() =>
          rows.length === 0 ? (
            <p className="muted">{t("no_transactions")}</p>
          ) : (
            <table className="wallet-table">
              <caption className="sr-only">{t("transactions")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("date")}</th>
                  <th scope="col">{t("description")}</th>
                  <th scope="col" className="num">
                    {t("amount")}
                  </th>
                  <th scope="col" className="num hide-phone">
                    {t("balance_after")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{new Date(row.createdAt).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" })}</td>
                    <td>
                      <span className="muted small">{t(`type_${row.transactionType}`)}</span>
                      <br />
                      {row.description}
                    </td>
                    <td className={`num tabular ${row.amount > 0 ? "wallet-credit" : "wallet-debit"}`}>{row.amount > 0 ? `+${row.amount}` : row.amount}</td>
                    <td className="num tabular hide-phone">{row.balanceAfter}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
      {pages.hasNextPage ? (
        <Button variant="secondary" busy={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t("more")}
        </Button>
      ) : null}
    </main>
  );
}

/** /top-up: how G-Coins reach a wallet on this server; in DEMO mode (`testTopUp`, from the server's options), a test top-up of 1,000. */
export function TopUp({ testTopUp }: { testTopUp: boolean }) {
  const { t } = useTranslation("events-ui");
  const { user } = useSession();
  const topUp = useTestTopUp({ onSuccess: () => toast.success(t("topped_up", { value: TEST_TOP_UP })), onError: () => toast.error(t("credit_failed")) });
  return (
    <main className="page wallet-page">
      <h1>{t("top_up_title")}</h1>
      <p>{t("top_up_text")}</p>
      {testTopUp && user ? (
        <section className="ticket-panel">
          <h2>{t("test_top_up_title")}</h2>
          <p className="muted">{t("test_top_up_text")}</p>
          <Button onClick={() => topUp.mutate({ userId: user.id, amount: TEST_TOP_UP })} busy={topUp.isPending}>
            {t("test_top_up", { value: TEST_TOP_UP })}
          </Button>
        </section>
      ) : null}
      {user?.role === "admin" ? <AdminCredit /> : null}
      {user ? (
        <Link to="/wallet/history" className="btn btn-secondary">
          {t("see_history")}
        </Link>
      ) : null}
    </main>
  );
}
