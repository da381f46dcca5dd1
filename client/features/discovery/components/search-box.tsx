import { useNavigate } from "@tanstack/react-router";
import clsx from "clsx";
import { BadgeCheck, Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/avatar.tsx";
import { formatCount } from "../../../lib/format.ts";
import { useDebounced, useSearch } from "../api/search.ts";
import "../../../styles/discovery.css";

const TYPING_PAUSE_MS = 200;

interface Option {
  key: string;
  go: () => void;
}

/**
 * The top bar's search (spec 01 §2): a dropdown of up to 6 games and 6 channels as the user types;
 * a game opens its page, a channel its profile; Enter without a choice opens /search/{term}.
 * Arrow keys move through the options, Escape closes (the ARIA combobox pattern).
 */
export function SearchBox({ className, autoFocus, onDone }: { className?: string; autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation("discovery");
  const navigate = useNavigate();
  const listId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const results = useSearch(useDebounced(term, TYPING_PAUSE_MS), "dropdown");

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!form.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setTerm("");
  };
  const games = term.trim() ? (results.data?.games ?? []).slice(0, 6) : [];
  const users = term.trim() ? (results.data?.users ?? []).slice(0, 6) : [];
  const options: Option[] = [
    ...games.map((game) => ({ key: `game-${game.id}`, go: () => void navigate({ to: "/game/$id", params: { id: game.id } }) })),
    ...users.map((user) => ({ key: `user-${user.id}`, go: () => void navigate({ to: "/profile/$username", params: { username: user.username } }) })),
  ];
  const choose = (option: Option | undefined) => {
    option?.go();
    close();
    onDone?.();
  };
  const showList = open && term.trim().length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      // Positions -1 (the text itself) … last option, wrapping at both ends.
      const step = event.key === "ArrowDown" ? 1 : -1;
      const positions = options.length + 1;
      setActive((current) => ((current + 1 + step + positions) % positions) - 1);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
      if (!showList) onDone?.();
    }
  };
  const optionId = (key: string) => `${listId}-${key}`;
  const activeOption = active >= 0 && active < options.length ? options[active] : undefined;

  return (
    <form
      ref={form}
      className={clsx("search-box", className)}
      role="search"
      onBlur={(event) => {
        // Focus left the search (Tab, a click elsewhere): the suggestions go away.
        if (!form.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        if (activeOption) return choose(activeOption);
        const trimmed = term.trim();
        if (!trimmed) return;
        close();
        onDone?.();
        void navigate({ to: "/search/$id", params: { id: trimmed } });
      }}
    >
      <Search size={18} aria-hidden />
      <input
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption.key) : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t("search_placeholder")}
        aria-label={t("search")}
        // The phone's search opens on a tap of its button, to be typed in at once.
        // biome-ignore lint/a11y/noAutofocus: opened by the user's own tap, for typing.
        autoFocus={autoFocus}
      />
      {showList ? (
        <div className="search-dropdown" id={listId} role="listbox" aria-label={t("search_suggestions")}>
          {results.isPending ? <p className="search-dropdown-note muted">{t("searching")}</p> : null}
          {!results.isPending && options.length === 0 ? <p className="search-dropdown-note muted">{t("no_results", { term: term.trim() })}</p> : null}
          {games.length ? (
            <div role="group" aria-label={t("section_games")}>
              <p className="search-dropdown-heading" aria-hidden>
                {t("section_games")}
              </p>
              {games.map((game) => (
                <div
                  key={game.id}
                  id={optionId(`game-${game.id}`)}
                  role="option"
                  aria-selected={activeOption?.key === `game-${game.id}`}
                  className="search-option"
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => choose(options.find((o) => o.key === `game-${game.id}`))}
                >
                  <img src={game.icon} alt="" width={28} height={28} />
                  <span>{game.name}</span>
                </div>
              ))}
            </div>
          ) : null}
          {users.length ? (
            <div role="group" aria-label={t("section_channels")}>
              <p className="search-dropdown-heading" aria-hidden>
                {t("section_channels")}
              </p>
              {users.map((user) => (
                <div
                  key={user.id}
                  id={optionId(`user-${user.id}`)}
                  role="option"
                  aria-selected={activeOption?.key === `user-${user.id}`}
                  className="search-option"
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => choose(options.find((o) => o.key === `user-${user.id}`))}
                >
                  <Avatar name={user.username} image={user.avatar} size={28} isLive={user.isLive} />
                  <span>
                    {user.username}
                    {user.verified ? <BadgeCheck size={14} className="verified" aria-label={t("verified")} /> : null}
                  </span>
                  <span className="muted small tabular">{t("followers", { count: user.followers, formatted: formatCount(user.followers) })}</span>
                </div>
              ))}
            </div>
          ) : null}
          <button type="submit" className="search-dropdown-all">
            {t("see_all_results", { term: term.trim() })}
          </button>
        </div>
      ) : null}
    </form>
  );
}
